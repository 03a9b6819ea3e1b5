import { isUuid, uuidv7 } from './ids';

test('ids made one after the other only ever grow, also within one millisecond, and are version 7', () => {
  const ids = Array.from({ length: 5_000 }, () => uuidv7());
  for (let i = 1; i < ids.length; i += 1) expect(ids[i] > ids[i - 1]).toBe(true);
  expect(ids.every((id) => isUuid(id) && id[14] === '7' && '89ab'.includes(id[19]))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
});

test('an id carries the time it was made in its first 48 bits', () => {
  const before = Date.now();
  const id = uuidv7();
  const at = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
  expect(at).toBeGreaterThanOrEqual(before);
  expect(at).toBeLessThanOrEqual(Date.now() + 1);
});
