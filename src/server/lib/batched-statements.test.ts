/** @jest-environment node */
import { batchedStatements } from './batched-statements';

test('reads made together go to the database as one call and each caller gets its own answer', async () => {
  const calls: number[][] = [];
  const read = batchedStatements(async (keys: readonly number[]) => {
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
  const read = batchedStatements(async (keys: readonly string[]) => {
    if (fail) throw new Error('connection lost');
    return keys.map((key) => key.toUpperCase());
  });
  const answers = await Promise.allSettled([read('a'), read('b')]);
  expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  fail = false;
  expect(await read('c')).toBe('C');
});

test('while statements of a kind are running, the reads that arrive wait and then go together', async () => {
  const calls: number[][] = [];
  const answers: Array<() => void> = [];
  const read = batchedStatements(async (keys: readonly number[]) => {
    calls.push([...keys]);
    await new Promise<void>((resolve) => answers.push(resolve));
    return keys.map((key) => key * 10);
  });
  const first = read(1);
  await new Promise((resolve) => setImmediate(resolve));
  const second = read(2);
  await new Promise((resolve) => setImmediate(resolve));
  // Two statements run; the next reads wait for one of them, in one batch.
  const waiting = [read(3), read(4), read(5)];
  await new Promise((resolve) => setImmediate(resolve));
  expect(calls).toEqual([[1], [2]]);
  answers.shift()?.();
  expect(await first).toBe(10);
  expect(calls).toEqual([[1], [2], [3, 4, 5]]);
  answers.splice(0).forEach((answer) => answer());
  expect(await Promise.all([second, ...waiting])).toEqual([20, 30, 40, 50]);
});
