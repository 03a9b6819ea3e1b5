/**
 * Every accepted send, counted per recipient and per phone number, never trimmed (the world keeps only
 * the latest sends' details): what a bench or a fault test compares with the product's database — a
 * recipient counted twice was sent twice — and when the sends were accepted, for the achieved rate.
 */

export interface NumberSends {
  total: number;
  /** Sends refused with 130429 (over the number's throughput). */
  refused: number;
  /** When the first and the latest send were accepted (ms since the epoch); null while none was. */
  firstAt: number | null;
  lastAt: number | null;
}

export interface SendsSummary {
  total: number;
  recipients: number;
  /** Recipients accepted more than once. */
  duplicates: Array<{ to: string; count: number }>;
  /** Sends refused with 130429, every number together. */
  refused: number;
  /** Null while nothing was sent. */
  firstAt: number | null;
  lastAt: number | null;
  /** Accepted sends per second from the first to the latest; null below two sends. */
  perSecond: number | null;
  numbers: Record<string, NumberSends & { perSecond: number | null }>;
}

const rate = (total: number, firstAt: number | null, lastAt: number | null) =>
  total > 1 && firstAt !== null && lastAt !== null && lastAt > firstAt ? ((total - 1) * 1000) / (lastAt - firstAt) : null;

export class SendLedger {
  private readonly counts = new Map<string, number>();
  private readonly numbers = new Map<string, NumberSends>();

  record(phoneNumberId: string, to: string, at: number = Date.now()): void {
    this.counts.set(to, (this.counts.get(to) ?? 0) + 1);
    const number = this.numberOf(phoneNumberId);
    number.total += 1;
    number.firstAt = Math.min(number.firstAt ?? at, at);
    number.lastAt = Math.max(number.lastAt ?? at, at);
  }

  /** A send the number's throughput refused (130429). */
  refuse(phoneNumberId: string): void {
    this.numberOf(phoneNumberId).refused += 1;
  }

  private numberOf(phoneNumberId: string): NumberSends {
    let number = this.numbers.get(phoneNumberId);
    if (!number) {
      number = { total: 0, refused: 0, firstAt: null, lastAt: null };
      this.numbers.set(phoneNumberId, number);
    }
    return number;
  }

  countFor(to: string): number {
    return this.counts.get(to) ?? 0;
  }

  /** Every recipient's count (a bench compares them with its database). */
  allCounts(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  summary(): SendsSummary {
    const duplicates = [...this.counts].filter(([, count]) => count > 1).map(([to, count]) => ({ to, count }));
    const numbers = [...this.numbers.entries()];
    const total = numbers.reduce((sum, [, n]) => sum + n.total, 0);
    const firsts = numbers.flatMap(([, n]) => (n.firstAt === null ? [] : [n.firstAt]));
    const lasts = numbers.flatMap(([, n]) => (n.lastAt === null ? [] : [n.lastAt]));
    const firstAt = firsts.length ? Math.min(...firsts) : null;
    const lastAt = lasts.length ? Math.max(...lasts) : null;
    return {
      total,
      recipients: this.counts.size,
      duplicates,
      refused: numbers.reduce((sum, [, n]) => sum + n.refused, 0),
      firstAt,
      lastAt,
      perSecond: rate(total, firstAt, lastAt),
      numbers: Object.fromEntries(numbers.map(([id, n]) => [id, { ...n, perSecond: rate(n.total, n.firstAt, n.lastAt) }])),
    };
  }

  clear(): void {
    this.counts.clear();
    this.numbers.clear();
  }
}
