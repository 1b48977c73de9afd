// The demo business clock seen from a browser test: the operator moves it (ops CLI, audited), and
// what a step of it produces (a NAV, a dividend, a mirrored fill) lands asynchronously, so a test
// reads until the result shows.
import { ops } from './ops-cli';

/** The operator moves the business clock to 09:00 JST of `day`; the CLI's answer must name it. */
export function advanceTo(day: string, reason: string): void {
  expect(ops('clock-advance', '--to', `${day}T09:00:00+09:00`, '--reason', reason)).toContain(`${day} 09:00`);
}

/** `read` until `ready` holds, asking every second; fails after `withinMs` naming `what` and the last value. */
export async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean, withinMs: number, what: string): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`never ${what}: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
