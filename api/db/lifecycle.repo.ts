// Data access of the policy lifecycle: a policy locked with its recibos for a transition, the
// history entries, and the selections of the daily run (each a batch of ids in id order, so a run
// that stops half-way resumes where the rows still match).
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { applyPolicyEventToClient } from "./client-stage.repo";
import { compactDashboardCounts } from "./dashboard.repo";
import { compactPipelineTotals } from "./pipeline-totals.repo";
import {
  lifecycleRuns,
  notes,
  policies,
  policyHistory,
  recibos,
  type ActorType,
  type LifecycleRun,
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
  // Every policy event reaches its client here, in the same transaction (ADR 041 «Clientes»).
  const actor = { actorType: h.actorType, actorId: h.actorId, actorLabel: h.actorLabel };
  await applyPolicyEventToClient(tx, { policyId: h.policyId, event: h.event, actor, at: h.at });
}

export async function updatePolicy(tx: DbOrTx, policyId: number, patch: Partial<Policy>, at: Date): Promise<void> {
  await tx
    .update(policies)
    .set({ ...patch, updatedAt: at })
    .where(eq(policies.id, policyId));
}

export async function updateRecibo(tx: DbOrTx, reciboId: number, patch: Partial<Recibo>, at: Date): Promise<void> {
  await tx
    .update(recibos)
    .set({ ...patch, updatedAt: at })
    .where(eq(recibos.id, reciboId));
}

export async function policyHistoryOf(db: DbOrTx, policyId: number) {
  return db
    .select()
    .from(policyHistory)
    .where(eq(policyHistory.policyId, policyId))
    .orderBy(sql`${policyHistory.at} desc, ${policyHistory.id} desc`);
}

export async function notesOf(db: DbOrTx, entity: "policy" | "client", entityId: number) {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.entity, entity), eq(notes.entityId, entityId)))
    .orderBy(sql`${notes.at} desc, ${notes.id} desc`);
}

export async function insertNote(
  tx: DbOrTx,
  n: { entity: "policy" | "client"; entityId: number; body: string; authorId: number; authorLabel: string; at: Date },
) {
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
        // SEPA recibos wait for a remittance (ADR 029); only card recibos are charged by the run.
        sql`${policies.paymentMethod} is distinct from 'sepa'`,
        gt(recibos.id, afterId),
      ),
    )
    .orderBy(asc(recibos.id))
    .limit(RUN_BATCH);
  return rows.map((r) => r.id);
}

/** Policies in force with a recibo unpaid since `dueBefore` or earlier (art. 15: suspend). */
export async function policiesWithOverdueRecibo(
  db: DbOrTx,
  status: "en_vigor" | "suspendida",
  dueOnOrBefore: string,
  afterId: number,
): Promise<number[]> {
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

/** How often a run says it is alive, whatever it is doing (a timer, not its progress). */
export const RUN_HEARTBEAT_MS = 5_000;
/** A run whose heartbeat is this old (three beats missed) has lost its holder: another may take the day over. */
export const RUN_STALE_MS = 3 * RUN_HEARTBEAT_MS;

/** One holder's claim on one day: its process and its token (api/db/leases.ts). */
export type RunLease = { day: string; holder: string; token: string };

export type ClaimedDay = {
  /** What the day's earlier holder had counted, when this claim took it over (the run adds to it). */
  summary: Record<string, number>;
};

/**
 * Claims the day for this lease: inserts its row, or takes over a row left running by a holder
 * whose heartbeat is stale. Null when the day is done or a live holder has it. Never takes over a
 * live holder's day, even from the same process or staff member (two tabs make one run).
 */
export async function claimRunDay(db: DbOrTx, lease: RunLease, startedBy: string, now: Date): Promise<ClaimedDay | null> {
  const stale = new Date(now.getTime() - RUN_STALE_MS);
  const held = { status: "en_curso", owner: lease.holder, lease: lease.token, startedBy, startedAt: now, heartbeatAt: now };
  const rows = await db
    .insert(lifecycleRuns)
    .values({ day: lease.day, ...held })
    .onConflictDoUpdate({
      target: lifecycleRuns.day,
      set: held,
      setWhere: sql`${lifecycleRuns.status} = 'en_curso' and ${lifecycleRuns.heartbeatAt} < ${stale}`,
    })
    .returning({ summary: lifecycleRuns.summary });
  return rows[0] ?? null;
}

/**
 * Takes over the day's row from `previous` (a holder known to be gone without waiting for its
 * heartbeat to go stale: a run of this process that ended without letting go) or, with
 * `status: "hecho"`, runs a finished day again (staff's "Ejecutar ahora"). Conditional on the row
 * being still as read, so two requests doing it at once make one run.
 */
export async function takeOverRunDay(
  db: DbOrTx,
  lease: RunLease,
  startedBy: string,
  previous: { status: "en_curso"; token: string | null } | { status: "hecho" },
  now: Date,
): Promise<ClaimedDay | null> {
  const still =
    previous.status === "hecho"
      ? eq(lifecycleRuns.status, "hecho")
      : and(eq(lifecycleRuns.status, "en_curso"), previous.token === null ? isNull(lifecycleRuns.lease) : eq(lifecycleRuns.lease, previous.token));
  const rows = await db
    .update(lifecycleRuns)
    .set({
      status: "en_curso",
      owner: lease.holder,
      lease: lease.token,
      startedBy,
      startedAt: now,
      heartbeatAt: now,
      finishedAt: null,
      ...(previous.status === "hecho" ? { summary: {} } : {}),
    })
    .where(and(eq(lifecycleRuns.day, lease.day), still))
    .returning({ summary: lifecycleRuns.summary });
  return rows[0] ?? null;
}

/** The holder's heartbeat with what it has done so far; false when the day is no longer its own (taken over). */
export async function heartbeatRun(db: DbOrTx, lease: RunLease, summary: Record<string, number>, now: Date): Promise<boolean> {
  const rows = await db
    .update(lifecycleRuns)
    .set({ heartbeatAt: now, summary })
    .where(and(eq(lifecycleRuns.day, lease.day), eq(lifecycleRuns.lease, lease.token), eq(lifecycleRuns.status, "en_curso")))
    .returning({ day: lifecycleRuns.day });
  return rows.length === 1;
}

/** Marks the day done; false when it is no longer this holder's. */
export async function finishRunDay(db: DbOrTx, lease: RunLease, summary: Record<string, number>, now: Date): Promise<boolean> {
  const rows = await db
    .update(lifecycleRuns)
    .set({ status: "hecho", finishedAt: now, heartbeatAt: now, summary })
    .where(and(eq(lifecycleRuns.day, lease.day), eq(lifecycleRuns.lease, lease.token), eq(lifecycleRuns.status, "en_curso")))
    .returning({ day: lifecycleRuns.day });
  // The day is done: its changes to the dashboard's counters (ADR 035) and the boards' totals (ADR 041) folded into one row per key.
  if (rows.length === 1) {
    await compactDashboardCounts(db);
    await compactPipelineTotals(db);
  }
  return rows.length === 1;
}

export async function readRunDay(db: DbOrTx, day: string): Promise<LifecycleRun | null> {
  const [row] = await db.select().from(lifecycleRuns).where(eq(lifecycleRuns.day, day));
  return row ?? null;
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
  return db
    .select()
    .from(lifecycleRuns)
    .orderBy(sql`${lifecycleRuns.day} desc`)
    .limit(limit);
}
