import type { BenchRow } from './run';

/** How the broadcast benches print their figures: one row maker per suite, counts, and a target's verdict. */

export function rowMaker(suite: string): (metric: string, value: string, target?: string) => BenchRow {
  return (metric, value, target) => ({ suite, metric, value, target });
}

export const count = (value: number) => Math.round(value).toLocaleString('en');
export const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
