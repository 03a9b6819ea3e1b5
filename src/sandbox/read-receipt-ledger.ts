/**
 * Every accepted "mark as read" call (`status: read` on POST /{phone-number-id}/messages), counted per
 * message id: a test counts how often the product told Meta a customer's message was read.
 */
export interface ReadReceiptsSummary {
  total: number;
  /** Calls per message id. */
  counts: Record<string, number>;
}

export class ReadReceiptLedger {
  private readonly counts = new Map<string, number>();
  private total = 0;

  record(messageId: string): void {
    this.total += 1;
    this.counts.set(messageId, (this.counts.get(messageId) ?? 0) + 1);
  }

  countFor(messageId: string): number {
    return this.counts.get(messageId) ?? 0;
  }

  summary(): ReadReceiptsSummary {
    return { total: this.total, counts: Object.fromEntries(this.counts) };
  }

  clear(): void {
    this.counts.clear();
    this.total = 0;
  }
}
