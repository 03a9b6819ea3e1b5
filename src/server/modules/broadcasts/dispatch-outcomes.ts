import { toDomainError } from '../../whatsapp/graph-domain-error';
import { GraphError } from '../../whatsapp/graph-error';
import type { SendSettlement } from './recipients-repository';

/** How one send of a batch ended, as the dispatcher saw it. */
export type SendResult =
  | { kind: 'accepted'; wamid: string }
  | { kind: 'error'; error: unknown }
  /** Not sent: its broadcast was paused while the send waited for its slot. */
  | { kind: 'released' }
  /** Not sent: Parley refused it as Meta would (e.g. a rendered parameter Meta refuses), with Meta's code. */
  | { kind: 'refused'; code: number; message: string };

/** Meta's refusal of a template parameter's text (a line break, a tab, more than four spaces in a row). */
export const PARAMETER_REFUSED = 132018;

/** What a send's result does: its recipient's settlement (null: unknown, left as it is), and to the broadcast and the pace. */
export interface SendVerdict {
  settlement: SendSettlement | null;
  /** Meta refused for throughput: the number's pace slows down. */
  throttled: boolean;
  /** The broadcast pauses with this reason (the template was paused or disabled, the token was refused). */
  pauseReason: string | null;
}

export interface RetryPolicy {
  /** Attempts with an answer from Meta before a transient failure is final. */
  maxAttempts: number;
  /** A transient failure retries after this × 3^(attempt − 1). */
  transientBaseMs: number;
  /** A throughput refusal retries after this. */
  throttledMs: number;
  /** A pair-rate refusal (131056) retries after this × 4^(attempt − 1). */
  pairRateBaseMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  transientBaseMs: 5_000,
  throttledMs: 1_000,
  pairRateBaseMs: 4_000,
  maxBackoffMs: 600_000,
};

const PAIR_RATE_LIMIT = 131056;
const TEMPLATE_PAUSED = 132015;
const TEMPLATE_DISABLED = 132016;

/**
 * Classifies one send's result (Meta's code, never the HTTP status):
 * - accepted: `sent` with the wamid;
 * - throughput (130429 and the other rate limits): back in the queue shortly, the attempt not counted,
 *   and the number slows down: nothing was sent, nothing is lost;
 * - pair rate (131056): only this recipient waits, 4^n seconds;
 * - transient with an answer (5xx, 1, 2, 131000, 131016, 131057): retried with backoff, `failed` with
 *   the last reason after `maxAttempts`;
 * - no answer at all (a timeout, a dropped connection): the outcome is UNKNOWN. Unlike other Graph
 *   calls, which retry a timeout, a broadcast send is not retried, since Meta may have sent it: the
 *   row stays `sending` until a status webhook settles it or its lease runs out (then "unknown").
 * - anything else is permanent: `failed` with Meta's code and reason. A paused or disabled template,
 *   or a refused token, also pauses the broadcast with a reason the user sees.
 */
export function judgeSend(
  recipient: { id: string; attempts: number },
  templateName: string,
  result: SendResult,
  policy: RetryPolicy,
): SendVerdict {
  const { id, attempts } = recipient;
  const verdict = (settlement: SendSettlement | null, extra: Partial<SendVerdict> = {}): SendVerdict => ({
    settlement, throttled: false, pauseReason: null, ...extra,
  });
  const backoff = (base: number, factor: number) => Math.min(policy.maxBackoffMs, base * factor ** Math.max(0, attempts - 1));

  if (result.kind === 'accepted') return verdict({ id, state: 'sent', wamid: result.wamid });
  if (result.kind === 'released') return verdict({ id, state: 'pending', retryInMs: 0, refund: true, code: null, message: null });
  if (result.kind === 'refused') return verdict({ id, state: 'failed', code: result.code, message: result.message });

  const { error } = result;
  // Not Meta's answer (no HTTP status): the request may have reached Meta, so the outcome is unknown.
  if (!(error instanceof GraphError) || error.httpStatus === undefined) return verdict(null);
  const code = error.metaCode ?? null;
  const failed = (): SendSettlement => ({ id, state: 'failed', code, message: error.message });

  if (code === PAIR_RATE_LIMIT) {
    if (attempts >= policy.maxAttempts) return verdict(failed());
    return verdict({ id, state: 'pending', retryInMs: backoff(policy.pairRateBaseMs, 4), refund: false, code, message: error.message });
  }
  switch (error.kind) {
    case 'throttled':
      return verdict({ id, state: 'pending', retryInMs: policy.throttledMs, refund: true, code, message: error.message }, { throttled: true });
    case 'transient':
      if (attempts >= policy.maxAttempts) return verdict(failed());
      return verdict({ id, state: 'pending', retryInMs: backoff(policy.transientBaseMs, 3), refund: false, code, message: error.message });
    case 'token_expired':
    case 'permission_denied':
      return verdict(failed(), { pauseReason: toDomainError(error).message });
    case 'terminal':
      if (code === TEMPLATE_PAUSED) return verdict(failed(), { pauseReason: `WhatsApp paused the template ${templateName}` });
      if (code === TEMPLATE_DISABLED) return verdict(failed(), { pauseReason: `WhatsApp disabled the template ${templateName}` });
      return verdict(failed());
  }
}
