// Per-address limits in the database, so they hold across every instance on one PostgreSQL.
// One row per key with the generic cell rate algorithm (GCRA): `tat` is when the key's bucket
// would be empty again. A hit costs `interval` (window / limit); it is allowed while
// tat − now stays within window − interval (so `limit` hits at once, then one per interval).
// The check and the update are one upsert, atomic per row, so concurrent hits cannot overshoot.
import { eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { rateLimits } from "./schema";

export type RateRule = { limit: number; windowMs: number };

/**
 * Spends one hit of the key; null when allowed, else the seconds until the next hit is allowed.
 * A `tat` further ahead than a whole window cannot come from hits (each allowed hit leaves it at
 * most a window ahead): it was written by a clock ahead of this one (instances' clocks apart, or a
 * clock moved back), and counts as an empty bucket rather than blocking the key until that time.
 */
export async function takeRateHit(db: DbOrTx, key: string, rule: RateRule, at: Date): Promise<number | null> {
  const interval = rule.windowMs / rule.limit;
  const next = new Date(at.getTime() + interval);
  const latest = new Date(at.getTime() + rule.windowMs - interval);
  const horizon = new Date(at.getTime() + rule.windowMs);
  const current = sql`(case when ${rateLimits.tat} > ${horizon.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${rateLimits.tat} end)`;
  const allowed = await db
    .insert(rateLimits)
    .values({ key, tat: next })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { tat: sql`greatest(${current}, ${at.toISOString()}::timestamptz) + ${`${interval} milliseconds`}::interval` },
      setWhere: sql`${current} <= ${latest.toISOString()}::timestamptz`,
    })
    .returning({ tat: rateLimits.tat });
  if (allowed.length) return null;
  const [row] = await db.select({ tat: rateLimits.tat }).from(rateLimits).where(eq(rateLimits.key, key));
  const waitMs = row ? Math.min(row.tat.getTime(), horizon.getTime()) - latest.getTime() : interval;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** Gives back a hit taken by takeRateHit (a sign-in that turned out right is not a failure). */
export async function returnRateHit(db: DbOrTx, key: string, rule: RateRule): Promise<void> {
  const interval = rule.windowMs / rule.limit;
  await db
    .update(rateLimits)
    .set({ tat: sql`${rateLimits.tat} - ${`${interval} milliseconds`}::interval` })
    .where(eq(rateLimits.key, key));
}

/** Deletes the rows that no longer limit anything (their `tat` is past); indexed, cheap. */
export async function pruneRateLimits(db: DbOrTx, at: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.tat, at));
}
