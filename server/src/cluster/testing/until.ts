/** Resolves once `check()` holds, polling every 20 ms; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
