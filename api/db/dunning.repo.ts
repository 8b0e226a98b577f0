// Dunning (ADR 031): the unpaid recibos the daily run may remind, the schedule, and the row that
// makes each reminder once (dunning_notices: primary key recibo + day of the schedule).
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type DbOrTx } from "./client";
import { dunningNotices } from "./schema";
import { settingAt, type SettingDate } from "./settings.repo";

const ScheduleSchema = z.array(z.number().int().min(1).max(365)).min(1);

/** The days of the schedule (setting `dunning_days` in force at `at`), ascending; [1, 7, 20] if the setting is missing or broken. */
export async function readDunningDays(db: DbOrTx, at: SettingDate): Promise<number[]> {
  const parsed = ScheduleSchema.safeParse(await settingAt(db, "dunning_days", at));
  return parsed.success ? [...new Set(parsed.data)].sort((a, b) => a - b) : [1, 7, 20];
}

/** A recibo that may owe a reminder: since when it is unpaid (its latest return, else its due date) and the latest step sent. */
export type DunningCandidate = { reciboId: number; policyId: number; dueDate: string; returnedAt: Date | null; lastSentDay: number | null };

/**
 * One batch (by recibo id) of the recibos of policies en_vigor or suspendida that are devuelto, or
 * pendiente with a due date in [dueFrom, dueTo]: the pending ones through the (status, due_date)
 * index, the returned ones (few) through the same index's status prefix. A pending recibo of a
 * SEPA policy is not reminded: it waits for the insurer's remittance (ADR 033), the customer owes
 * nothing yet; it is once the bank returns it (devuelto).
 */
export async function dunningCandidates(
  db: DbOrTx,
  o: { dueFrom: string; dueTo: string; after: number; limit: number },
): Promise<DunningCandidate[]> {
  const rows = await queryRows<{
    recibo_id: number;
    policy_id: number;
    due_date: string;
    returned_at: string | Date | null;
    last_sent: number | null;
  }>(
    db,
    sql`
    select r.id as recibo_id, r.policy_id, r.due_date::text as due_date,
      (select max(rr.created_at) from recibo_returns rr where rr.recibo_id = r.id) as returned_at,
      (select max(n.day) from dunning_notices n where n.recibo_id = r.id) as last_sent
    from recibos r
    join policies p on p.id = r.policy_id
    where r.id > ${o.after}
      and (r.status = 'devuelto' or (r.status = 'pendiente' and p.payment_method is distinct from 'sepa'
        and r.due_date >= ${o.dueFrom}::date and r.due_date <= ${o.dueTo}::date))
      and p.status in ('en_vigor', 'suspendida')
    order by r.id
    limit ${o.limit}`,
  );
  return rows.map((r) => ({
    reciboId: Number(r.recibo_id),
    policyId: Number(r.policy_id),
    dueDate: r.due_date,
    returnedAt: r.returned_at === null ? null : new Date(r.returned_at),
    lastSentDay: r.last_sent === null ? null : Number(r.last_sent),
  }));
}

/** The latest step already sent for the recibo (read again under the policy's lock). */
export async function lastDunningDay(db: DbOrTx, reciboId: number): Promise<number | null> {
  const [row] = await db
    .select({ day: sql<number | null>`max(${dunningNotices.day})` })
    .from(dunningNotices)
    .where(eq(dunningNotices.reciboId, reciboId));
  return row?.day === null || row?.day === undefined ? null : Number(row.day);
}

/** Records the reminder of this step; false when it exists already (another run, another instance). */
export async function recordDunningNotice(db: DbOrTx, reciboId: number, day: number, sentOn: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(dunningNotices)
    .values({ reciboId, day, sentOn, createdAt: at })
    .onConflictDoNothing()
    .returning({ reciboId: dunningNotices.reciboId });
  return inserted.length > 0;
}

export async function latestReturnOf(db: DbOrTx, reciboId: number): Promise<Date | null> {
  const rows = await queryRows<{ at: string | Date | null }>(db, sql`select max(created_at) as at from recibo_returns where recibo_id = ${reciboId}`);
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}
