/** @jest-environment node */
import { GiveWay } from './give-way';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("waits while another request is being answered, and goes on once it is", async () => {
  let othersWaiting = false;
  const giveWay = new GiveWay(() => othersWaiting);
  // Some work done first: the import may wait as long as it has worked (a second: far longer than the
  // check below, so a stalled event loop on a busy machine cannot end the turn early).
  await sleep(1_000);
  othersWaiting = true;
  let done = false;
  const turn = giveWay.turn().then(() => (done = true));

  await sleep(40);
  expect(done).toBe(false);
  othersWaiting = false;
  await turn;
  expect(done).toBe(true);
});

test('goes first when nobody else waits', async () => {
  const giveWay = new GiveWay(() => false);
  let done = false;
  await giveWay.turn().then(() => (done = true));
  expect(done).toBe(true);
});

test('under constant traffic each turn still ends: it waits no longer in total than it has worked', async () => {
  const giveWay = new GiveWay(() => true);
  await sleep(30);
  let turns = 0;
  // With others always waiting, a turn that never ended would time the test out.
  for (let chunk = 0; chunk < 3; chunk += 1) {
    await giveWay.turn();
    turns += 1;
  }
  expect(turns).toBe(3);
});

test("two writers waiting side by side count their wait once: together they still get half the time", async () => {
  let othersWaiting = true;
  const giveWay = new GiveWay(() => othersWaiting);
  await sleep(1_200);
  let bothDone = false;
  const both = Promise.all([giveWay.turn(), giveWay.turn()]).then(() => (bothDone = true));
  // Counted twice, the wait would use up the 1,200 ms worked after about 400 ms side by side; counted once,
  // after 1,200. Checked halfway, at 600 ms, with room either side for a stalled event loop.
  await sleep(600);
  expect(bothDone).toBe(false);
  othersWaiting = false;
  await both;
});
