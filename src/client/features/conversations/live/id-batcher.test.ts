import { idBatcher } from './id-batcher';

describe('batching nudged ids', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at most once a gap, never twice at once, at most maxIds a run, and keeps every id for a later run', async () => {
    const runs: string[][] = [];
    let finish = () => undefined as void;
    const batcher = idBatcher((ids) => {
      runs.push(ids);
      return new Promise<void>((resolve) => (finish = resolve));
    }, 1_000, 2);

    batcher.add(['a', 'b', 'c']);
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([['a', 'b']]);
    batcher.add(['d', 'c']);
    // The answer takes 3 s: nothing else is asked meanwhile.
    await jest.advanceTimersByTimeAsync(3_000);
    expect(runs).toHaveLength(1);
    finish();
    await jest.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([['a', 'b'], ['c', 'd']]);
    finish();
    batcher.add(['e']);
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs.at(-1)).toEqual(['e']);
    batcher.stop();
  });
});
