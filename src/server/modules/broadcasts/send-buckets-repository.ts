import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { sendBuckets } from '../../db/schema';

/**
 * The send_buckets table's one writer and reader: the send pace of each phone number, shared by every
 * process on the database. Each statement here runs on its own (not inside a longer transaction), so
 * `now()` is the moment it runs and the row lock lasts one statement.
 */

export interface SlotReservation {
  /** Milliseconds from now to the first reserved slot (0 when the number was idle). */
  startInMs: number;
  /** Milliseconds between two reserved slots: 1000 × slowdown / rate. */
  spacingMs: number;
  /** How much Meta's throttling currently stretches each slot (1: the configured pace). */
  slowdown: number;
}

/** How Meta's throughput refusals (130429) change a number's pace. */
export interface ThrottlePolicy {
  /** A refusal multiplies the slowdown by this (at most once a second); each `holdSeconds` without one divides it by this again. */
  factor: number;
  maxSlowdown: number;
  holdSeconds: number;
  /** No slot is handed out this long after a refusal, so Meta's own allowance refills. */
  pauseMs: number;
}

/** A number idle for longer than this (no slot reserved) starts again `leadMs` ahead. */
const IDLE_SECONDS = 1;

/**
 * Reserves `n` consecutive send slots of a phone number at `rate` messages per second, in one atomic
 * update: `next_slot_at = greatest(next_slot_at, now()) + n × slowdown / rate`. However many
 * processes reserve at once, the slots never overlap, so the pace holds across all of them. A number
 * that was idle starts `leadMs` ahead instead, so the batches after the first are claimed before the
 * first one has been sent and the pace has no gap. A slowdown whose time is up steps back by the
 * policy's factor (and is forgotten once back at 1), so the pace recovers step by step.
 */
export async function reserveSlots(
  db: Queryable,
  phoneNumberId: string,
  reservation: { n: number; rate: number; leadMs: number },
  policy: ThrottlePolicy,
): Promise<SlotReservation> {
  const { n, rate, leadMs } = reservation;
  const { factor, holdSeconds } = policy;
  const lead = sql`make_interval(secs => ${leadMs / 1000}::float8)`;
  const [row] = rowsOf<{ end_in_ms: number | string; slowdown: number | string }>(
    await db.execute(sql`
      with current as (
        select
          case when b.slowdown_until is not null and b.slowdown_until <= now() then greatest(1, b.slowdown / ${factor}::float8) else b.slowdown end as slowdown,
          case
            when b.slowdown_until is null or b.slowdown_until > now() then b.slowdown_until
            when b.slowdown / ${factor}::float8 > 1 then now() + make_interval(secs => ${holdSeconds}::float8)
          end as slowdown_until
        from ${sendBuckets} b where b.phone_number_id = ${phoneNumberId}
      )
      insert into ${sendBuckets} as b (phone_number_id, next_slot_at, slowdown)
      values (${phoneNumberId}, now() + ${lead} + make_interval(secs => ${n}::float8 / ${rate}::float8), 1)
      on conflict (phone_number_id) do update set
        slowdown = (select slowdown from current),
        slowdown_until = (select slowdown_until from current),
        next_slot_at = case
            when b.next_slot_at < now() - make_interval(secs => ${IDLE_SECONDS}) then now() + ${lead}
            else greatest(b.next_slot_at, now())
          end
          + make_interval(secs => ${n}::float8 * (select slowdown from current) / ${rate}::float8)
      returning extract(epoch from (b.next_slot_at - now())) * 1000 as end_in_ms, b.slowdown`),
  );
  const slowdown = Number(row.slowdown);
  const spacingMs = (1000 * slowdown) / rate;
  return { startInMs: Math.max(0, Number(row.end_in_ms) - n * spacingMs), spacingMs, slowdown };
}

/**
 * Meta refused a send for throughput (130429): the number's slots stretch (the slowdown grows by the
 * policy's factor, at most once a second and up to `maxSlowdown`) for `holdSeconds`, and no slot is
 * handed out for `pauseMs`, so Meta's own allowance refills before the next send.
 */
export async function slowDown(db: Queryable, phoneNumberId: string, options: ThrottlePolicy): Promise<void> {
  await db.execute(sql`
    update ${sendBuckets} set
      slowdown = case
        when slowdown_until is null or slowdown_until <= now() + make_interval(secs => ${options.holdSeconds - 1}::float8)
          then least(${options.maxSlowdown}::float8, slowdown * ${options.factor}::float8)
        else slowdown
      end,
      slowdown_until = now() + make_interval(secs => ${options.holdSeconds}::float8),
      next_slot_at = greatest(next_slot_at, now() + make_interval(secs => ${options.pauseMs / 1000}::float8))
    where phone_number_id = ${phoneNumberId}`);
}

export type SendBucketRow = typeof sendBuckets.$inferSelect;

