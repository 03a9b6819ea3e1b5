import { parseNudge, type Nudge } from './nudges';

export interface NudgeListener {
  onNudge(nudge: Nudge): void;
  /** The server is shutting down: end the stream. */
  onShutdown(): void;
}

/**
 * This process's open streams by organization, fed by the database's notifications: one LISTEN per
 * process, and each nudge goes only to the streams of its organization.
 */
export class NudgeHub {
  private readonly listeners = new Map<string, Set<NudgeListener>>();

  /** A notification's payload; anything that is not a nudge is ignored. */
  deliver(payload: string): void {
    // Every conversation change is announced; with no stream open in this process there is nothing to read.
    if (this.listeners.size === 0) return;
    const nudge = parseNudge(payload);
    if (!nudge) return;
    for (const listener of this.listeners.get(nudge.organizationId) ?? []) listener.onNudge(nudge);
  }

  /** Adds a stream of the organization; answers the way to remove it. */
  subscribe(organizationId: string, listener: NudgeListener): () => void {
    const streams = this.listeners.get(organizationId) ?? new Set<NudgeListener>();
    streams.add(listener);
    this.listeners.set(organizationId, streams);
    return () => {
      streams.delete(listener);
      if (streams.size === 0) this.listeners.delete(organizationId);
    };
  }

  /** Open streams, all organizations together. */
  get size(): number {
    let count = 0;
    for (const streams of this.listeners.values()) count += streams.size;
    return count;
  }

  shutdown(): void {
    for (const streams of [...this.listeners.values()]) for (const listener of [...streams]) listener.onShutdown();
  }
}
