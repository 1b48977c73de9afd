// The console locks after IDLE_LOCK_MS without input (pointer, keys, wheel, touch): the session
// is ended on the server and the operator signs in again. Tabs in the background count as idle.
import { useEffect } from 'react';

export const IDLE_LOCK_MS = 5 * 60 * 1000;
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export interface IdleTimer {
  stop(): void;
}

/** Calls `onIdle` once `idleMs` pass with no input on `target`; any input starts the wait again. */
export function startIdleTimer(
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'>,
  idleMs: number,
  onIdle: () => void,
): IdleTimer {
  let timer = target.setTimeout(onIdle, idleMs);
  const restart = () => {
    target.clearTimeout(timer);
    timer = target.setTimeout(onIdle, idleMs);
  };
  for (const name of INPUT_EVENTS) target.addEventListener(name, restart, { passive: true });
  return {
    stop() {
      target.clearTimeout(timer);
      for (const name of INPUT_EVENTS) target.removeEventListener(name, restart);
    },
  };
}

export function useIdleLock(active: boolean, onIdle: () => void, idleMs = IDLE_LOCK_MS): void {
  useEffect(() => {
    if (!active) return undefined;
    const timer = startIdleTimer(window, idleMs, onIdle);
    return () => timer.stop();
  }, [active, onIdle, idleMs]);
}
