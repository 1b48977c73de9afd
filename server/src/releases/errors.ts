// Errors an operator can act on. The CLI prints the message and exits non-zero;
// anything else is a bug and keeps its stack.

export type ReleaseErrorCode =
  | 'UNKNOWN_REMOTE'
  | 'UNKNOWN_VERSION'
  | 'NO_BUILD'
  | 'BUILD_FAILED'
  | 'NOTHING_TO_ROLL_BACK'
  | 'VERSION_CONFLICT'
  | 'CONTRACT_MISMATCH'
  | 'LOCKED'
  | 'BAD_REGISTRY';

export class ReleaseError extends Error {
  constructor(
    readonly code: ReleaseErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}
