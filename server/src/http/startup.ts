// Work the server finishes after it starts listening and before it is ready (start-up
// recovery of the order engine: docs/operations.md "Start-up recovery"). GET /api/health/ready
// answers 503 while any is pending; the calls that depend on it wait for it (a bounded
// while) instead of answering from a state that is not yet true.

/** A piece of start-up work: whether it is done now (read on every readiness answer), and when. */
export interface StartupWork {
  isDone(): boolean;
  readonly done: Promise<unknown>;
}

export class Startup {
  private readonly work = new Map<string, StartupWork>();

  /** `work` must be done before the server is ready; one that fails stays not done (its owner retries). */
  track(name: string, work: StartupWork): void {
    this.work.set(name, work);
  }

  get ready(): boolean {
    for (const w of this.work.values()) if (!w.isDone()) return false;
    return true;
  }

  /** Resolves once every piece of work tracked so far is done (tests start from a ready app). */
  async whenReady(): Promise<void> {
    await Promise.all([...this.work.values()].map((w) => w.done));
  }

  /** What is still being done (named in the readiness answer). */
  pendingNames(): string[] {
    return [...this.work].filter(([, w]) => !w.isDone()).map(([name]) => name);
  }
}
