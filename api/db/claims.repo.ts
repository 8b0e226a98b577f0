// The SQL of claims (ADR 042): numbers, drafts, the claim row under lock, its history, its reserve
// changes, and what the fraud signals read (the policy's other claims, a police report among the files).
import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "./client";
import { adminUsers } from "./schema";
import { claimEvents, claimFiles, claimReserveChanges, claims } from "./schema-claims";
import type { ClaimEvent, ClaimStatus } from "../contract/claim-vocabulary";
import type { HistoryActor } from "./lifecycle.repo";
import { madridDate } from "../domain/calendar";

export type Claim = typeof claims.$inferSelect;
export type ClaimInsert = typeof claims.$inferInsert;

/** The next number, SIN-YYYY-NNNNNN: one sequence, the year of `now` in Spain. */
export async function nextClaimNumber(tx: DbOrTx, now: Date): Promise<string> {
  const rows = await queryRows<{ n: string }>(tx, sql`select nextval('claim_number_seq')::text as n`);
  return `SIN-${madridDate(now).slice(0, 4)}-${rows[0]!.n.padStart(6, "0")}`;
}

/** The open draft of a policy (one at most: a partial unique index). */
export async function openDraftOf(tx: DbOrTx, policyId: number): Promise<Claim | null> {
  const [row] = await tx
    .select()
    .from(claims)
    .where(and(eq(claims.policyId, policyId), isNull(claims.declaredAt)))
    .for("update");
  return row ?? null;
}

export async function insertClaim(tx: DbOrTx, values: ClaimInsert): Promise<Claim> {
  const [row] = await tx.insert(claims).values(values).returning();
  return row!;
}

/** The claim, locked for the transaction's change; null when there is none (a draft is not a claim here). */
export async function lockClaim(tx: DbOrTx, id: number): Promise<Claim | null> {
  const [row] = await tx
    .select()
    .from(claims)
    .where(and(eq(claims.id, id), isNotNull(claims.declaredAt)))
    .for("update");
  return row ?? null;
}

export async function updateClaim(tx: DbOrTx, id: number, patch: Partial<ClaimInsert>, now: Date): Promise<Claim> {
  const [row] = await tx
    .update(claims)
    .set({ ...patch, updatedAt: now })
    .where(eq(claims.id, id))
    .returning();
  return row!;
}

export type ClaimEventWrite = HistoryActor & {
  claimId: number;
  event: ClaimEvent;
  summary: string;
  fromStatus?: ClaimStatus | null;
  toStatus?: ClaimStatus | null;
  note?: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

export async function insertClaimEvent(tx: DbOrTx, e: ClaimEventWrite): Promise<void> {
  await tx.insert(claimEvents).values({
    claimId: e.claimId,
    at: e.at,
    event: e.event,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    summary: e.summary,
    note: e.note ?? null,
    details: e.details ?? null,
    actorType: e.actorType,
    actorId: e.actorId === undefined || e.actorId === null ? null : String(e.actorId),
    actorLabel: e.actorLabel ?? null,
  });
}

export async function insertReserveChange(
  tx: DbOrTx,
  r: { claimId: number; fromCents: number; toCents: number; reason: string; adminId: number | null; actorLabel: string | null; at: Date },
): Promise<void> {
  await tx.insert(claimReserveChanges).values(r);
}

/** The policy's other declared claims, for the "several in a year" signal. */
export async function otherClaimsOfPolicy(tx: DbOrTx, policyId: number, exceptId: number | null) {
  const rows = await tx
    .select({ number: claims.number, occurredAt: claims.occurredAt })
    .from(claims)
    .where(and(eq(claims.policyId, policyId), isNotNull(claims.declaredAt), exceptId === null ? undefined : ne(claims.id, exceptId)));
  return rows.filter((r): r is { number: string; occurredAt: Date } => r.number !== null && r.occurredAt !== null);
}

/** Whether a police report (denuncia) is among the claim's files. */
export async function hasPoliceReport(tx: DbOrTx, claimId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: claimFiles.id })
    .from(claimFiles)
    .where(and(eq(claimFiles.claimId, claimId), eq(claimFiles.kind, "denuncia")))
    .limit(1);
  return row !== undefined;
}

/** An active staff member who may be a claim's handler, or null. */
export async function activeAdmin(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: adminUsers.id, username: adminUsers.username })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.active, true)));
  return row ?? null;
}
