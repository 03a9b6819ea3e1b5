import { act, renderHook } from '@testing-library/react';
import { nextDelay } from './backoff';
import { usePolling } from './use-polling';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('nextDelay', () => {
  it('doubles after each failure up to the maximum, and resets after a success', () => {
    expect(nextDelay(2000, false, 2000, 30_000)).toBe(4000);
    expect(nextDelay(16_000, false, 2000, 30_000)).toBe(30_000);
    expect(nextDelay(30_000, false, 2000, 30_000)).toBe(30_000);
    expect(nextDelay(30_000, true, 2000, 30_000)).toBe(2000);
  });
});

describe('usePolling', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => {
    jest.useRealTimers();
    setVisibility('visible');
  });

  it('ticks every interval, backs off while ticks fail, and stops while the tab is hidden', async () => {
    const outcomes = [false, false, true, true, true];
    const tick = jest.fn(async () => outcomes.shift() ?? true);
    renderHook(() => usePolling(tick, { intervalMs: 2000, maxIntervalMs: 30_000, enabled: true }));

    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(tick).toHaveBeenCalledTimes(1); // failed: next in 4 s
    await act(() => jest.advanceTimersByTimeAsync(3999));
    expect(tick).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(tick).toHaveBeenCalledTimes(2); // failed again: next in 8 s
    await act(() => jest.advanceTimersByTimeAsync(8000));
    expect(tick).toHaveBeenCalledTimes(3); // succeeded: back to 2 s
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(tick).toHaveBeenCalledTimes(4);

    setVisibility('hidden');
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(tick).toHaveBeenCalledTimes(4);
    // Back in view after a long while: the overdue tick runs at once.
    setVisibility('visible');
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(tick).toHaveBeenCalledTimes(5);
  });

  it('does nothing while disabled', async () => {
    const tick = jest.fn(async () => true);
    renderHook(() => usePolling(tick, { intervalMs: 2000, maxIntervalMs: 30_000, enabled: false }));
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(tick).not.toHaveBeenCalled();
  });
});
