import { graphErrors, type SandboxGraphError } from './graph-errors';

/**
 * Injectable faults, per access token or per phone number / account id. A token can also carry one
 * in its text, so a person can trigger it from the product's own settings form: a token containing
 * EXPIRED answers 190, NOPERM answers (#10) permission denied, THROTTLED answers 130429 on every call,
 * SLOW answers after a delay, FAIL5XX answers 503.
 */
export const FAULT_KINDS = ['token_expired', 'permission_denied', 'throughput', 'slow', 'server_error'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const TOKEN_MARKERS: Array<[string, FaultKind]> = [
  ['EXPIRED', 'token_expired'],
  ['NOPERM', 'permission_denied'],
  ['THROTTLED', 'throughput'],
  ['SLOW', 'slow'],
  ['FAIL5XX', 'server_error'],
];

interface Fault {
  kind: FaultKind;
  /** How many more requests it affects; undefined: until cleared. */
  remaining: number | undefined;
}

export type FaultOutcome = { error: SandboxGraphError } | { delayMs: number } | undefined;

export class FaultTable {
  private readonly faults = new Map<string, Fault>();

  constructor(private readonly slowResponseMs: number) {}

  inject(target: string, kind: FaultKind, count?: number): void {
    this.faults.set(target, { kind, remaining: count });
  }

  clear(target?: string): void {
    if (target) this.faults.delete(target);
    else this.faults.clear();
  }

  /** The fault affecting a request with this token on these ids, consuming one use of it. */
  check(token: string, ids: string[]): FaultOutcome {
    const marker = TOKEN_MARKERS.find(([text]) => token.includes(text));
    if (marker) return this.outcome(marker[1]);
    for (const target of [token, ...ids]) {
      const fault = this.faults.get(target);
      if (!fault) continue;
      if (fault.remaining !== undefined) {
        fault.remaining -= 1;
        if (fault.remaining <= 0) this.faults.delete(target);
      }
      return this.outcome(fault.kind);
    }
    return undefined;
  }

  private outcome(kind: FaultKind): FaultOutcome {
    switch (kind) {
      case 'token_expired':
        return { error: graphErrors.tokenExpired() };
      case 'permission_denied':
        return { error: graphErrors.permissionDenied() };
      case 'throughput':
        return { error: graphErrors.throughput() };
      case 'server_error':
        return { error: graphErrors.serverError() };
      case 'slow':
        return { delayMs: this.slowResponseMs };
    }
  }
}
