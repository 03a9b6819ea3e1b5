import { formatCount, formatCountOf } from './count';

test('counts are grouped in thousands', () => {
  expect(formatCount(1204)).toBe('1,204');
  expect(formatCount(0)).toBe('0');
});

test('a count and its noun: singular for exactly one, the plural given or an added s otherwise', () => {
  expect(formatCountOf(1, 'conversation')).toBe('1 conversation');
  expect(formatCountOf(0, 'conversation')).toBe('0 conversations');
  expect(formatCountOf(12345, 'contact')).toBe('12,345 contacts');
  expect(formatCountOf(2, 'reply', 'replies')).toBe('2 replies');
});
