/** @jest-environment node */
import { batchedReads } from './batched-reads';

test('reads made together go to the database as one call and each caller gets its own answer', async () => {
  const calls: number[][] = [];
  const read = batchedReads(async (keys: readonly number[]) => {
    calls.push([...keys]);
    return keys.map((key) => (key % 2 === 0 ? `even ${key}` : null));
  });
  expect(await Promise.all([read(1), read(2), read(3), read(4)])).toEqual([null, 'even 2', null, 'even 4']);
  expect(calls).toEqual([[1, 2, 3, 4]]);
  expect(await read(6)).toBe('even 6');
  expect(calls).toHaveLength(2);
});

test('a failed read fails every caller of its batch, and the next batch reads again', async () => {
  let fail = true;
  const read = batchedReads(async (keys: readonly string[]) => {
    if (fail) throw new Error('connection lost');
    return keys.map((key) => key.toUpperCase());
  });
  const answers = await Promise.allSettled([read('a'), read('b')]);
  expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  fail = false;
  expect(await read('c')).toBe('C');
});
