// The sales pipeline's writes (issue 23, ADR 041): leads made from web quotes, callbacks and by
// hand, merged into an open duplicate; won when one of their quotes is contracted.
import type { DbOrTx } from "../db/client";
import { settingAt } from "../db/settings.repo";

/** The setting lead_stale_days in force (7 if the database lacks it). */
export async function leadStaleDays(db: DbOrTx, now: Date): Promise<number> {
  return (await settingAt(db, "lead_stale_days", now)) ?? 7;
}
