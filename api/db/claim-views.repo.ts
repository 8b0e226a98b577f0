// The reads of claims (issue 26, ADR 042): the staff's list (the list kit, ADR 010) and one claim
// with its history and reserve changes; a customer's own claims, found by their account only (any
// other claim is the same "not found" as one that does not exist).
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { ClaimDetail, ClaimExportQuery, ClaimListQuery, ClaimRow, ClaimSortKey, MyClaim } from "../contract/claim-views";
import type { AdminClaim, ClaimExpert } from "../contract/admin-claims";
import type { ClaimCoverResult } from "../contract/claims";
import { maskIban } from "../domain/iban";
import type { DbOrTx } from "./client";
import { cappedCount, keptFoldedContains, listPage, type SortMap } from "./list";
import { adminUsers, clients, policies, roles } from "./schema";
import { claimThread } from "./claim-thread.repo";
import { claimEvents, claimReserveChanges, claims } from "./schema-claims";
import { readTogether } from "./reads-together";

const DAY_MS = 86_400_000;

const SORTS: SortMap<ClaimSortKey> = {
  declaredAt: [
    { expr: claims.declaredAt, type: "timestamptz" },
    { expr: claims.id, type: "integer" },
  ],
  occurredAt: [
    { expr: claims.occurredAt, type: "timestamptz" },
    { expr: claims.id, type: "integer" },
  ],
  reserve: [
    { expr: claims.reserveCents, type: "integer" },
    { expr: claims.id, type: "integer" },
  ],
};

/** Declared claims only: a draft is the customer's until it is declared. */
function whereOf(query: ClaimExportQuery, readerId: number, now: Date): SQL {
  const q = query.q?.trim();
  return and(
    isNotNull(claims.declaredAt),
    query.status ? eq(claims.status, query.status) : undefined,
    query.line ? eq(claims.lineCode, query.line) : undefined,
    query.handler === "me" ? eq(claims.handlerId, readerId) : query.handler === "none" ? isNull(claims.handlerId) : undefined,
    typeof query.handler === "number" ? eq(claims.handlerId, query.handler) : undefined,
    query.minAgeDays !== undefined ? lte(claims.declaredAt, new Date(now.getTime() - query.minAgeDays * DAY_MS)) : undefined,
    query.minReserveEuros !== undefined ? gte(claims.reserveCents, query.minReserveEuros * 100) : undefined,
    q
      ? /^sin-/i.test(q)
        ? ilike(claims.number, `${q.toUpperCase()}%`)
        : or(
            sql`${claims.policyId} in (select ${policies.id} from ${policies} where ${policies.number} ilike ${`${q}%`})`,
            sql`${claims.clientId} in (select ${clients.id} from ${clients} where ${keptFoldedContains(clients.nameFolded, q)})`,
          )
      : undefined,
  )!;
}

/** The columns every view of a claim reads (ClaimBaseSchema). */
const baseColumns = {
  id: claims.id,
  number: claims.number,
  line: claims.lineCode,
  eventType: claims.eventType,
  status: claims.status,
  occurredAt: claims.occurredAt,
  declaredAt: claims.declaredAt,
};

const rowColumns = {
  ...baseColumns,
  reserveCents: claims.reserveCents,
  cover: claims.coverAtDeclaration,
  signals: claims.fraudSignals,
  handlerId: claims.handlerId,
  handlerName: adminUsers.username,
  holder: clients.name,
  policyId: policies.id,
  policyNumber: policies.number,
};

const selectRows = (db: DbOrTx) =>
  db
    .select(rowColumns)
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(clients, eq(clients.id, claims.clientId))
    .leftJoin(adminUsers, eq(adminUsers.id, claims.handlerId));

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRows>["execute"]>>[number];

function toRow(r: RawRow): ClaimRow {
  return {
    id: r.id,
    number: r.number!,
    line: r.line,
    eventType: r.eventType!,
    status: r.status!,
    occurredAt: r.occurredAt!.toISOString(),
    declaredAt: r.declaredAt!.toISOString(),
    reserveCents: r.reserveCents,
    covered: r.cover?.covered ?? true,
    signals: r.signals.length,
    handler: r.handlerId !== null && r.handlerName !== null ? { id: r.handlerId, name: r.handlerName } : null,
    holder: r.holder,
    policy: { id: r.policyId, number: r.policyNumber },
  };
}

export async function listClaims(db: DbOrTx, query: ClaimListQuery, readerId: number, now: Date) {
  const where = whereOf(query, readerId, now);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) => {
      // The page's ids from the claims alone (an index walk), then their joins.
      const page = db
        .select({ id: claims.id })
        .from(claims)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      const rows = await selectRows(db)
        .where(sql`${claims.id} in (${page})`)
        .orderBy(...orderBy);
      return rows.map(toRow);
    },
    count: () => cappedCount(db, claims, where),
  });
}

/** One declared claim for staff, with its history (newest first) and its reserve changes; null if none. */
export async function claimDetail(db: DbOrTx, id: number, can: ClaimDetail["can"]): Promise<ClaimDetail | null> {
  const [claim] = await db
    .select()
    .from(claims)
    .where(and(eq(claims.id, id), isNotNull(claims.declaredAt)));
  if (!claim) return null;
  const [[row], history, reserves, paidBy] = await readTogether(
    db,
    () => selectRows(db).where(eq(claims.id, id)),
    () => db.select().from(claimEvents).where(eq(claimEvents.claimId, id)).orderBy(desc(claimEvents.at), desc(claimEvents.id)),
    () =>
      db
        .select()
        .from(claimReserveChanges)
        .where(eq(claimReserveChanges.claimId, id))
        .orderBy(desc(claimReserveChanges.at), desc(claimReserveChanges.id)),
    () =>
      claim.paidByAdminId === null
        ? Promise.resolve([])
        : db.select({ name: adminUsers.username }).from(adminUsers).where(eq(adminUsers.id, claim.paidByAdminId)),
  );
  return {
    ...toRow(row!),
    place: claim.place,
    description: claim.description!,
    contact: { phone: claim.contactPhone, email: claim.contactEmail, time: (claim.contactTime as ClaimDetail["contact"]["time"]) ?? null },
    otherPlate: claim.otherPlate,
    otherInsurer: claim.otherInsurer,
    rentMonthsUnpaid: claim.rentMonthsUnpaid,
    claimedCents: claim.claimedCents,
    accepted:
      claim.acceptedCents !== null && claim.payableCents !== null
        ? {
            acceptedCents: claim.acceptedCents,
            deductibleCents: claim.deductibleCents ?? 0,
            limitCents: claim.limitCents,
            payableCents: claim.payableCents,
          }
        : null,
    rejectionReason: claim.rejectionReason,
    coverAtDeclaration: claim.coverAtDeclaration,
    coverAtAcceptance: claim.coverAtAcceptance,
    fraudSignals: claim.fraudSignals,
    payment:
      claim.paidAt && claim.payeeIban && claim.paidCents !== null
        ? {
            ibanMasked: maskIban(claim.payeeIban),
            paidCents: claim.paidCents,
            reference: claim.paymentReference,
            paidAt: claim.paidAt.toISOString(),
            paidBy: paidBy[0]?.name ?? null,
          }
        : null,
    history: history.map((h) => ({ at: h.at.toISOString(), event: h.event, summary: h.summary, note: h.note, actor: h.actorLabel })),
    reserveChanges: reserves.map((r) => ({
      at: r.at.toISOString(),
      fromCents: r.fromCents,
      toCents: r.toCents,
      reason: r.reason,
      actor: r.actorLabel,
    })),
    can,
  };
}

/** The rules' refusal in the customer's words, each with its article. */
function refusalOf(cover: ClaimCoverResult | null): MyClaim["refusal"] {
  return (cover?.lines ?? []).filter((l) => l.result === "fallo" && l.customerText).map((l) => ({ text: l.customerText!, article: l.article }));
}

const myColumns = {
  ...baseColumns,
  place: claims.place,
  description: claims.description,
  cover: claims.coverAtDeclaration,
  rejectionReason: claims.rejectionReason,
  payableCents: claims.payableCents,
  paidCents: claims.paidCents,
  payeeIban: claims.payeeIban,
  paidAt: claims.paidAt,
  policyId: policies.id,
  policyNumber: policies.number,
};

/** A customer's declared claims, newest first (`policyId`: one policy's only); `id`: one of them. */
export async function myClaims(db: DbOrTx, userId: number, only: { id?: number; policyId?: number } = {}): Promise<MyClaim[]> {
  const rows = await db
    .select(myColumns)
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(
      and(
        eq(claims.userId, userId),
        isNotNull(claims.declaredAt),
        only.id !== undefined ? eq(claims.id, only.id) : undefined,
        only.policyId !== undefined ? eq(claims.policyId, only.policyId) : undefined,
      ),
    )
    .orderBy(desc(claims.declaredAt), desc(claims.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    number: r.number!,
    line: r.line,
    eventType: r.eventType!,
    status: r.status!,
    occurredAt: r.occurredAt!.toISOString(),
    declaredAt: r.declaredAt!.toISOString(),
    policy: { id: r.policyId, number: r.policyNumber },
    place: r.place,
    description: r.description!,
    refusal: refusalOf(r.cover),
    rejectionReason: r.rejectionReason,
    payableCents: r.payableCents,
    paid:
      r.paidAt && r.payeeIban && r.paidCents !== null ? { cents: r.paidCents, ibanMasked: maskIban(r.payeeIban), at: r.paidAt.toISOString() } : null,
  }));
}

/** The active staff who may handle claims (claims:write), by name: the handler filter and the assign form. */
export async function claimHandlers(db: DbOrTx) {
  return db
    .select({ id: adminUsers.id, name: adminUsers.username })
    .from(adminUsers)
    .innerJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(and(eq(adminUsers.active, true), sql`${roles.permissions} @> '{"claims:write": true}'::jsonb`))
    .orderBy(asc(adminUsers.username));
}

/** The latest perito appointed on the claim (its `perito` history entry with the expert's details), or null. */
export async function claimExpert(db: DbOrTx, claimId: number): Promise<ClaimExpert | null> {
  const [row] = await db
    .select({ at: claimEvents.at, details: claimEvents.details, note: claimEvents.note, actor: claimEvents.actorLabel })
    .from(claimEvents)
    .where(and(eq(claimEvents.claimId, claimId), eq(claimEvents.event, "perito"), sql`${claimEvents.details} -> 'expert' is not null`))
    .orderBy(desc(claimEvents.at), desc(claimEvents.id))
    .limit(1);
  if (!row) return null;
  const expert = (row.details as { expert: { name: string; phone: string | null; email: string | null } }).expert;
  return { name: expert.name, phone: expert.phone, email: expert.email, note: row.note, appointedAt: row.at.toISOString(), appointedBy: row.actor };
}

/** One claim as the handler's page opens it: the detail, the thread shared with the customer and the perito; null if none. */
export async function adminClaim(db: DbOrTx, id: number, can: ClaimDetail["can"]): Promise<AdminClaim | null> {
  const detail = await claimDetail(db, id, can);
  if (!detail) return null;
  const [thread, expert] = await readTogether(
    db,
    () => claimThread(db, id),
    () => claimExpert(db, id),
  );
  return { ...detail, thread, expert };
}
