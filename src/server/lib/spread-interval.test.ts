import { spreadInterval } from './spread-interval';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('beats first after its own share of the interval, then every interval, and stops when asked', () => {
  const beats: number[] = [];
  const start = Date.now();
  const stop = spreadInterval(() => beats.push(Date.now() - start), 1_000, () => 0.3);
  jest.advanceTimersByTime(299);
  expect(beats).toEqual([]);
  jest.advanceTimersByTime(2_001);
  expect(beats).toEqual([300, 1_300, 2_300]);
  stop();
  jest.advanceTimersByTime(5_000);
  expect(beats).toHaveLength(3);
});

it('spreads streams opened together over the interval instead of beating them at once', () => {
  const firstBeats: number[] = [];
  const start = Date.now();
  const shares = [0, 0.25, 0.5, 0.75];
  const stops = shares.map((share) => spreadInterval(() => firstBeats.push(Date.now() - start), 1_000, () => share));
  jest.advanceTimersByTime(999);
  expect(firstBeats.slice(0, 4)).toEqual([0, 250, 500, 750]);
  for (const stop of stops) stop();
});

it('is stopped before its first beat too', () => {
  const beat = jest.fn();
  spreadInterval(beat, 1_000, () => 0.5)();
  jest.advanceTimersByTime(3_000);
  expect(beat).not.toHaveBeenCalled();
});
