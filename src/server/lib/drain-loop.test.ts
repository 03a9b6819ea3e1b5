/** @jest-environment node */
import type { FastifyBaseLogger } from 'fastify';
import { DrainLoop } from './drain-loop';

const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;

/** Lets `ticks` rounds of queued promise callbacks run. */
async function microtasks(ticks: number): Promise<void> {
  for (let i = 0; i < ticks; i += 1) await Promise.resolve();
}

describe('DrainLoop', () => {
  it('a drain asked for at any moment of a run that is ending still runs a step that sees the work queued before it', async () => {
    for (let ticks = 0; ticks < 12; ticks += 1) {
      let queued = 0;
      let done = 0;
      let endFirstStep = () => {};
      const firstStep = new Promise<void>((resolve) => {
        endFirstStep = resolve;
      });
      let steps = 0;
      const loop = new DrainLoop('test', async () => {
        steps += 1;
        // The first step is held until the test lets it end; later ones read the queue after a round trip, as a database step does.
        await (steps === 1 ? firstStep : new Promise((resolve) => setImmediate(resolve)));
        done += queued;
        queued = 0;
        return false;
      }, quiet, 60_000);
      const first = loop.drain();
      await microtasks(1);
      endFirstStep();
      // Work arrives `ticks` moments after the run's last step found nothing: the run may be ending.
      await microtasks(ticks);
      queued = 1;
      await loop.drain();
      expect({ ticks, done }).toEqual({ ticks, done: 1 });
      await first;
      await loop.stop();
    }
  });

  it('with an infinite interval runs only when drained (setInterval would have run it every millisecond)', async () => {
    let steps = 0;
    const loop = new DrainLoop('test', async () => {
      steps += 1;
      return false;
    }, quiet, Number.POSITIVE_INFINITY);
    loop.start({ waitForFirstPoll: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toBe(0);
    await loop.drain();
    expect(steps).toBe(1);
    await loop.stop();
  });
});
