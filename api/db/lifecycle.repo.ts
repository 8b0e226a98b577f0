// Data access of the policy lifecycle: a policy locked with its recibos for a transition, the
// history entries, and the selections of the daily run (each a batch of ids in id order, so a run
// that stops half-way resumes where the rows still match).
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import {
  lifecycleRuns,
  notes,
  policies,
  policyHistory,
  recibos,
  type ActorType,
  type NewPolicyHistoryEntry,
  type Policy,
  type Recibo,
} from "./schema";
import type { PolicyEvent } from "../contract/vocabulary";

export type LockedPolicy = Policy & { recibos: Recibo[] };

/** The policy and all its recibos, the policy row locked until the transaction ends; null when absent. */
export async function lockPolicy(tx: DbOrTx, policyId: number): Promise<LockedPolicy | null> {
  const [row] = await tx.select().from(policies).where(eq(policies.id, policyId)).for("update");
  if (!row) return null;
  const rows = await tx.select().from(recibos).where(eq(recibos.policyId, policyId)).orderBy(asc(recibos.sequence));
  return { ...row, recibos: rows };
}

export type HistoryActor = { actorType: ActorType; actorId?: string | number | null; actorLabel?: string | null };

export type HistoryWrite = HistoryActor & {
  policyId: number;
  event: PolicyEvent;
  summary: string;
  fromStatus?: Policy["status"] | null;
  toStatus?: Policy["status"] | null;
  details?: unknown;
  at: Date;
};

export async function recordHistory(tx: DbOrTx, h: HistoryWrite): Promise<void> {
  const row: NewPolicyHistoryEntry = {
    policyId: h.policyId,
    at: h.at,
    event: h.event,
    summary: h.summary,
    fromStatus: h.fromStatus ?? null,
    toStatus: h.toStatus ?? null,
    details: h.details ?? null,
    actorType: h.actorType,
    actorId: h.actorId == null ? null : String(h.actorId),
    actorLabel: h.actorLabel ?? null,
  };
  await tx.insert(policyHistory).values(row);
}

export async function updatePolicy(tx: DbOrTx, policyId: number, patch: Partial<Policy>, at: Date): Promise<void> {
  await tx.update(policies).set({ ...patch, updatedAt: at }).where(eq(policies.id, policyId));
}

export async function updateRecibo(tx: DbOrTx, reciboId: number, patch: Partial<Recibo>, at: Date): Promise<void> {
  await tx.update(recibos).set({ ...patch, updatedAt: at }).where(eq(recibos.id, reciboId));
}

export async function policyHistoryOf(db: DbOrTx, policyId: number) {
  return db.select().from(policyHistory).where(eq(policyHistory.policyId, policyId)).orderBy(sql`${policyHistory.at} desc, ${policyHistory.id} desc`);
}

export async function notesOf(db: DbOrTx, entity: "policy" | "client", entityId: number) {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.entity, entity), eq(notes.entityId, entityId)))
    .orderBy(sql`${notes.at} desc, ${notes.id} desc`);
}

export async function insertNote(tx: DbOrTx, n: { entity: "policy" | "client"; entityId: number; body: string; authorId: number; authorLabel: string; at: Date }) {
  const [row] = await tx.insert(notes).values(n).returning({ id: notes.id });
  return row!.id;
}

// ─── The daily run's selections ─────────────────────────────────────────────────────────────

export const RUN_BATCH = 500;

/** Policies whose term ended by `day` and are still running (renew or expire). */
export async function policiesAtTermEnd(db: DbOrTx, day: string, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(and(inArray(policies.status, ["en_vigor", "suspendida"]), lte(policies.endDate, day), gt(policies.id, afterId)))
    .orderBy(asc(policies.id))
    .limit(RUN_BATCH);
  return rows.map((r) => r.id);
}

/** Recibos due by `day`, never attempted, of policies that are running (charged through the mandate). */
export async function recibosDue(db: DbOrTx, day: string, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: recibos.id })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(
      and(
        eq(recibos.status, "pendiente"),
        lte(recibos.dueDate, day),
        eq(recibos.attempts, 0),
        inArray(policies.status, ["en_vigor", "suspendida"]),
        gt(recibos.id, afterId),
      ),
    )
    .orderBy(asc(recibos.id))
    .limit(RUN_BATCH);
  return rows.map((r) => r.id);
}

/** Policies in force with a recibo unpaid since `dueBefore` or earlier (art. 15: suspend). */
export async function policiesWithOverdueRecibo(db: DbOrTx, status: "en_vigor" | "suspendida", dueOnOrBefore: string, afterId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: policies.id })
    .from(policies)
    .innerJoin(recibos, eq(recibos.policyId, policies.id))
    .where(
      and(
        eq(policies.status, status),
        inArray(recibos.status, ["pendiente", "devuelto"]),
        lte(recibos.dueDate, dueOnOrBefore),
        gt(policies.id, afterId),
      ),
    )
    .orderBy(asc(policies.id))
    .limit(RUN_BATCH);
  return rows.map((r) => r.id);
}

/** Policies whose renewal notice is due by `day` (end within two months), not stopped, not yet offered. */
export async function policiesDueForRenewalNotice(db: DbOrTx, endOnOrBefore: string, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: policies.id })
    .from(policies)
    .where(
      and(
        eq(policies.status, "en_vigor"),
        lte(policies.endDate, endOnOrBefore),
        isNull(policies.renewalStoppedAt),
        isNull(policies.renewalOffer),
        gt(policies.id, afterId),
      ),
    )
    .orderBy(asc(policies.id))
    .limit(RUN_BATCH);
  return rows.map((r) => r.id);
}

// ─── The run's lease: one row per day ───────────────────────────────────────────────────────

/** A lease older than this is taken to belong to an instance that died. */
export const RUN_LEASE_STALE_MS = 5 * 60 * 1000;

/**
 * Claims `day` for `owner`: inserts its row, or takes over a row left running by an instance
 * whose heartbeat is stale. False when the day is done or another instance holds it.
 */
export async function claimRunDay(db: DbOrTx, day: string, owner: string, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - RUN_LEASE_STALE_MS);
  const rows = await db
    .insert(lifecycleRuns)
    .values({ day, status: "en_curso", owner, startedAt: now, heartbeatAt: now })
    .onConflictDoUpdate({
      target: lifecycleRuns.day,
      set: { owner, heartbeatAt: now },
      setWhere: sql`${lifecycleRuns.status} = 'en_curso' and (${lifecycleRuns.owner} = ${owner} or ${lifecycleRuns.heartbeatAt} < ${stale})`,
    })
    .returning({ day: lifecycleRuns.day });
  return rows.length === 1;
}

export async function heartbeatRun(db: DbOrTx, day: string, owner: string, summary: Record<string, number>, now: Date): Promise<void> {
  await db
    .update(lifecycleRuns)
    .set({ heartbeatAt: now, summary })
    .where(and(eq(lifecycleRuns.day, day), eq(lifecycleRuns.owner, owner)));
}

export async function finishRunDay(db: DbOrTx, day: string, owner: string, summary: Record<string, number>, now: Date): Promise<void> {
  await db
    .update(lifecycleRuns)
    .set({ status: "hecho", finishedAt: now, heartbeatAt: now, summary })
    .where(and(eq(lifecycleRuns.day, day), eq(lifecycleRuns.owner, owner)));
}

/** The last day whose run finished, or null on a database where it never ran. */
export async function lastDoneDay(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${lifecycleRuns.day})::text` })
    .from(lifecycleRuns)
    .where(eq(lifecycleRuns.status, "hecho"));
  return row?.day ?? null;
}

export async function recentRuns(db: DbOrTx, limit = 10) {
  return db.select().from(lifecycleRuns).orderBy(sql`${lifecycleRuns.day} desc`).limit(limit);
}
