import { IDLE_LOCK_MS, startIdleTimer } from './idle-lock';

describe('idle lock', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('locks after five minutes without input, and input starts the wait again', () => {
    const onIdle = jest.fn();
    const timer = startIdleTimer(window, IDLE_LOCK_MS, onIdle);
    jest.advanceTimersByTime(IDLE_LOCK_MS - 1000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    jest.advanceTimersByTime(IDLE_LOCK_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    timer.stop();
  });

  it('stops listening once stopped', () => {
    const onIdle = jest.fn();
    startIdleTimer(window, IDLE_LOCK_MS, onIdle).stop();
    jest.advanceTimersByTime(IDLE_LOCK_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
