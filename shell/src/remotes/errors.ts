// Why a remote's area could not show its page. Each maps to one fallback text.
import type { RemoteName } from '@kabuto/shared-sdk';

/**
 * Built against another SDK contract (by the registry or by the module itself), or a
 * newer SDK minor than the page provides: retrying cannot help.
 */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly contract: unknown,
    readonly sdkVersion?: unknown,
  ) {
    super(`${remote} was built for SDK contract ${String(contract)}${sdkVersion === undefined ? '' : ` (SDK ${String(sdkVersion)})`}`);
    this.name = 'RemoteIncompatibleError';
  }
}

/** The registry has no entry for the remote (registry down and no cached copy, or not released). */
export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`${remote} is not in the remote registry`);
    this.name = 'RemoteUnavailableError';
  }
}

export class RemoteTimeoutError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly timeoutMs: number,
  ) {
    super(`${remote} did not load within ${timeoutMs} ms`);
    this.name = 'RemoteTimeoutError';
  }
}
