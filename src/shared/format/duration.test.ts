import { formatDuration } from './duration';

test.each([
  [0, '0min'],
  [-5, '0min'],
  [Number.NaN, '0min'],
  [0.4, '0min'],
  [1, '1min'],
  [12.6, '13min'],
  [59, '59min'],
  [59.6, '1h'],
  [60, '1h'],
  [150, '2h'],
  [23 * 60 + 59, '23h'],
  [24 * 60, '1d 0h'],
  [2 * 24 * 60 + 3 * 60 + 20, '2d 3h'],
  [40 * 24 * 60, '40d 0h'],
])('%s minutes read %s', (minutes, label) => {
  expect(formatDuration(minutes)).toBe(label);
});
