// The tables of claims (siniestros, issue 26; ADR 042), beside schema.ts (at its size; drizzle.config.ts
// reads both). Money is integer cents; instants carry a time zone; the customer's words are text.
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ClaimCoverResult, ClaimDraft, ClaimFraudSignalItem } from "../contract/claims";
import {
  CLAIM_CONTACT_TIMES,
  CLAIM_DOCUMENT_KINDS,
  CLAIM_EVENT_CODES,
  CLAIM_EVENT_TYPES,
  CLAIM_MESSAGE_AUTHORS,
  CLAIM_STATUSES,
} from "../contract/claim-vocabulary";
import { actorTypeEnum, adminUsers, clients, documents, lineCodeEnum, policies, users } from "./schema";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const claimStatusEnum = pgEnum("claim_status", CLAIM_STATUSES);
export const claimEventTypeEnum = pgEnum("claim_event_type", CLAIM_EVENT_TYPES);
export const claimDocumentKindEnum = pgEnum("claim_document_kind", CLAIM_DOCUMENT_KINDS);

/** The numbers SIN-YYYY-NNNNNN: one sequence for every year (the year is the declaration's, in Spain). */
export const claimNumberSeq = pgSequence("claim_number_seq", { startWith: 1, increment: 1 });

/**
 * A claim, from the customer's draft to its closing. A draft (`declared_at` null) belongs to the
 * customer and the policy, holds what was typed so far in `draft` and has no number; declaring it
 * fills the columns, gives it its number and its first status. One open draft per policy.
 */
export const claims = pgTable(
  "claims",
  {
    id: serial("id").primaryKey(),
    /** SIN-2026-000001; null while a draft. */
    number: text("number").unique(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "restrict" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    /** The customer's account that declared it (null when staff declared it by phone). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    lineCode: lineCodeEnum("line_code").notNull(),
    /** What the customer typed so far, as typed (ADR 042: drafts are kept if the customer leaves). */
    draft: jsonb("draft").$type<ClaimDraft>(),
    declaredAt: timestamp("declared_at", { withTimezone: true }),
    eventType: claimEventTypeEnum("event_type"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    place: text("place"),
    description: text("description"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    contactTime: text("contact_time"),
    /** A collision: the other vehicle's plate and insurer. */
    otherPlate: text("other_plate"),
    otherInsurer: text("other_insurer"),
    /** A rent default: the months the tenant owes. */
    rentMonthsUnpaid: integer("rent_months_unpaid"),
    status: claimStatusEnum("status"),
    /** The handler (an admin user), assigned by staff. */
    handlerId: integer("handler_id").references(() => adminUsers.id, { onDelete: "set null" }),
    claimedCents: integer("claimed_cents"),
    /** The amount expected to be paid (its history in claim_reserve_changes). */
    reserveCents: integer("reserve_cents").notNull().default(0),
    /** At acceptance: the amount accepted, and the deductible and limit applied to it, and what is payable. */
    acceptedCents: integer("accepted_cents"),
    deductibleCents: integer("deductible_cents"),
    limitCents: integer("limit_cents"),
    payableCents: integer("payable_cents"),
    /** The guarantee that answers for it (the checklist's). */
    guaranteeCode: text("guarantee_code"),
    /** The reason the customer reads. */
    rejectionReason: text("rejection_reason"),
    /** The cover checklist as computed at the declaration and at the acceptance (api/domain/claim-cover.ts). */
    coverAtDeclaration: jsonb("cover_at_declaration").$type<ClaimCoverResult>(),
    coverAtAcceptance: jsonb("cover_at_acceptance").$type<ClaimCoverResult>(),
    fraudSignals: jsonb("fraud_signals").$type<ClaimFraudSignalItem[]>().notNull().default([]),
    /** The indemnity's transfer: the IBAN as the payments code keeps one (upper-case, no spaces), the amount, the reference. */
    payeeIban: text("payee_iban"),
    paidCents: integer("paid_cents"),
    paymentReference: text("payment_reference"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidByAdminId: integer("paid_by_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open draft per policy.
    uniqueIndex("claims_one_draft_per_policy_idx")
      .on(t.policyId)
      .where(sql`${t.declaredAt} is null`),
    // The staff list: newest first, and each filter with that order (status, line, handler), the amount sort.
    index("claims_declared_idx")
      .on(t.declaredAt, t.id)
      .where(sql`${t.declaredAt} is not null`),
    index("claims_status_declared_idx").on(t.status, t.declaredAt, t.id),
    index("claims_line_declared_idx").on(t.lineCode, t.declaredAt, t.id),
    index("claims_handler_declared_idx").on(t.handlerId, t.declaredAt, t.id),
    index("claims_reserve_idx").on(t.reserveCents, t.id),
    index("claims_created_idx").on(t.createdAt, t.id),
    // A customer's claims (Mi póliza), and a policy's (its page, the fraud signals).
    index("claims_user_idx").on(t.userId, t.createdAt, t.id),
    index("claims_client_idx").on(t.clientId, t.createdAt, t.id),
    index("claims_policy_occurred_idx").on(t.policyId, t.occurredAt),
    check(
      "claims_declared_complete",
      sql`${t.declaredAt} is null or (${t.number} is not null and ${t.eventType} is not null and ${t.occurredAt} is not null and ${t.status} is not null and ${t.description} is not null)`,
    ),
    check("claims_number_format", sql`${t.number} is null or ${t.number} ~ '^SIN-[0-9]{4}-[0-9]{6,}$'`),
    check("claims_event_type_line", sql`${t.eventType} is null or ${t.eventType}::text like ${t.lineCode}::text || '\\_%'`),
    check("claims_contact_time", sql`${t.contactTime} is null or ${t.contactTime} in (${inList(CLAIM_CONTACT_TIMES)})`),
    check("claims_payee_iban", sql`${t.payeeIban} is null or ${t.payeeIban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check(
      "claims_amounts_nonneg",
      sql`${t.reserveCents} >= 0 and coalesce(${t.claimedCents}, 0) >= 0 and coalesce(${t.acceptedCents}, 0) >= 0 and coalesce(${t.payableCents}, 0) >= 0 and coalesce(${t.paidCents}, 0) >= 0`,
    ),
    check("claims_rent_months", sql`${t.rentMonthsUnpaid} is null or ${t.rentMonthsUnpaid} between 1 and 18`),
  ],
);

/** The claim's history: every status change and staff action, with who and a note (the detail page's "Historial"). */
export const claimEvents = pgTable(
  "claim_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** One of CLAIM_EVENTS. */
    event: text("event").notNull(),
    fromStatus: claimStatusEnum("from_status"),
    toStatus: claimStatusEnum("to_status"),
    /** One Spanish sentence a person reads. */
    summary: text("summary").notNull(),
    note: text("note"),
    details: jsonb("details"),
    actorType: actorTypeEnum("actor_type").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label"),
  },
  (t) => [
    index("claim_events_claim_at_idx").on(t.claimId, t.at, t.id),
    check("claim_events_event", sql`${t.event} in (${inList(CLAIM_EVENT_CODES)})`),
  ],
);

/** Every change of the reserve: the new amount, why, who, when. */
export const claimReserveChanges = pgTable(
  "claim_reserve_changes",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    fromCents: integer("from_cents").notNull(),
    toCents: integer("to_cents").notNull(),
    reason: text("reason").notNull(),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    actorLabel: text("actor_label"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("claim_reserve_changes_claim_idx").on(t.claimId, t.at),
    check("claim_reserve_changes_nonneg", sql`${t.toCents} >= 0 and ${t.fromCents} >= 0`),
  ],
);

/** The thread between the customer and the handler. */
export const claimMessages = pgTable(
  "claim_messages",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    authorKind: text("author_kind").notNull(),
    /** The staff member who wrote it (a customer's message is the claim's customer). */
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** When the other side read it. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("claim_messages_claim_idx").on(t.claimId, t.at, t.id),
    // Unread messages of each side (the lists' badges).
    index("claim_messages_unread_idx")
      .on(t.claimId, t.authorKind)
      .where(sql`${t.readAt} is null`),
    check("claim_messages_author_kind", sql`${t.authorKind} in (${inList(CLAIM_MESSAGE_AUTHORS)})`),
  ],
);

/** A document staff ask the customer for; fulfilled when the customer uploads a file for it. */
export const claimDocumentRequests = pgTable(
  "claim_document_requests",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    kind: claimDocumentKindEnum("kind").notNull(),
    note: text("note"),
    requestedByAdminId: integer("requested_by_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
  },
  (t) => [index("claim_document_requests_claim_idx").on(t.claimId, t.requestedAt)],
);

/**
 * A file of a claim: a stored upload of ADR 037 (the `documents` row holds the bytes' place, type,
 * size, hash and who uploaded it), with its kind for the claim and the request it answers.
 */
export const claimFiles = pgTable(
  "claim_files",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    documentId: uuid("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "restrict" }),
    kind: claimDocumentKindEnum("kind").notNull(),
    requestId: integer("request_id").references(() => claimDocumentRequests.id, { onDelete: "set null" }),
    uploadedByType: text("uploaded_by_type").notNull(),
    uploadedById: text("uploaded_by_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("claim_files_claim_idx").on(t.claimId, t.createdAt),
    uniqueIndex("claim_files_document_idx").on(t.documentId),
    check("claim_files_uploaded_by_type", sql`${t.uploadedByType} in ('admin', 'user')`),
  ],
);
