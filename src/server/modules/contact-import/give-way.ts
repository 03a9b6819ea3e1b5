import { setTimeout as sleep } from 'node:timers/promises';
import { yieldToOtherWork } from './import-pace';

/** How often an import that gives way looks again whether the others have their answers. */
const LOOK_AGAIN_MS = 2;

/**
 * An import's manners towards other requests: before each piece of its work (a slice of the file, a
 * chunk of rows) it lets them go first and waits while another request is being answered. A member
 * waits for that answer; nobody waits for one chunk of an import. Without it, a request's queries take
 * turns with the import's chunks (on the embedded engine, one transaction at a time: a request of five
 * queries waited for five chunks) and compete with them for the CPU.
 *
 * It never waits longer in total than the import has worked, so under constant traffic an import still
 * moves at half its speed at worst.
 */
export class GiveWay {
  private readonly startedAt = performance.now();
  /** Time during which at least one of the import's writers waited (PostgreSQL's two wait side by side). */
  private waitedMs = 0;
  private waiting = 0;
  private waitingSince = 0;

  /** `othersWaiting`: whether another request is being answered right now. */
  constructor(private readonly othersWaiting: () => boolean) {}

  /** Resolves once other requests have had their turn. */
  readonly turn = async (): Promise<void> => {
    await yieldToOtherWork();
    while (this.othersWaiting() && this.waitedNowMs() < this.workedMs()) await this.waitOnce();
  };

  private async waitOnce(): Promise<void> {
    if (this.waiting === 0) this.waitingSince = performance.now();
    this.waiting += 1;
    try {
      await sleep(LOOK_AGAIN_MS);
    } finally {
      this.waiting -= 1;
      if (this.waiting === 0) this.waitedMs += performance.now() - this.waitingSince;
    }
  }

  private waitedNowMs(): number {
    return this.waitedMs + (this.waiting > 0 ? performance.now() - this.waitingSince : 0);
  }

  private workedMs(): number {
    return performance.now() - this.startedAt - this.waitedNowMs();
  }
}
