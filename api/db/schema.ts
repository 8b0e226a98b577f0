// The Drizzle schema of the whole domain (see /work/shared/design/DOMAIN.md).
// Money is integer cents; rates are integer basis points (1 % = 100 bp); timestamps carry a
// time zone; calendar dates (birth, policy start/end, due dates) are `date` strings (YYYY-MM-DD).
// Emails are stored lower-case (a check constraint keeps code honest), so a plain unique index
// is a case-insensitive one.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ACTOR_TYPE_CODES,
  CLIENT_STAGE_CAUSES,
  CLIENT_STAGES,
  DOCUMENT_KINDS,
  FREQUENCIES,
  EMAIL_STATUSES,
  LEAD_SOURCES,
  LEAD_STAGES,
  LINES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  POLICY_STATUSES,
  QUOTE_STATUSES,
  RECIBO_KINDS,
  RECIBO_STATUSES,
} from "../contract/vocabulary";
import { GUARANTEE_PRICE_TYPES, type TariffTable } from "../domain/catalogue";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ─── Enums ──────────────────────────────────────────────────────────────────────────────

export const lineCodeEnum = pgEnum("line_code", LINES);
export const clientStageEnum = pgEnum("client_stage", CLIENT_STAGES);
export const guaranteePriceTypeEnum = pgEnum("guarantee_price_type", GUARANTEE_PRICE_TYPES);
export const quoteStatusEnum = pgEnum("quote_status", QUOTE_STATUSES);
export const policyStatusEnum = pgEnum("policy_status", POLICY_STATUSES);
export const frequencyEnum = pgEnum("payment_frequency", FREQUENCIES);
export const reciboStatusEnum = pgEnum("recibo_status", RECIBO_STATUSES);
/** prima: an instalment of the term; suplemento: an endorsement's difference. */
export const reciboKindEnum = pgEnum("recibo_kind", RECIBO_KINDS);
export const paymentMethodEnum = pgEnum("payment_method", PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);
export const emailStatusEnum = pgEnum("email_status", EMAIL_STATUSES);
export const leadStageEnum = pgEnum("lead_stage", LEAD_STAGES);
export const leadSourceEnum = pgEnum("lead_source", LEAD_SOURCES);
export const clientStageCauseEnum = pgEnum("client_stage_cause", CLIENT_STAGE_CAUSES);
export const actorTypeEnum = pgEnum("actor_type", ACTOR_TYPE_CODES);

export type LineCode = (typeof lineCodeEnum.enumValues)[number];
export type ClientStage = (typeof clientStageEnum.enumValues)[number];
export type GuaranteePriceType = (typeof guaranteePriceTypeEnum.enumValues)[number];
export type QuoteStatus = (typeof quoteStatusEnum.enumValues)[number];
export type PolicyStatus = (typeof policyStatusEnum.enumValues)[number];
export type PaymentFrequency = (typeof frequencyEnum.enumValues)[number];
export type ReciboStatus = (typeof reciboStatusEnum.enumValues)[number];
export type ReciboKind = (typeof reciboKindEnum.enumValues)[number];
export type PaymentMethod = (typeof paymentMethodEnum.enumValues)[number];
export type PaymentStatus = (typeof paymentStatusEnum.enumValues)[number];
export type EmailStatus = (typeof emailStatusEnum.enumValues)[number];
export type LeadStage = (typeof leadStageEnum.enumValues)[number];
export type LeadSource = (typeof leadSourceEnum.enumValues)[number];
export type ClientStageCause = (typeof clientStageCauseEnum.enumValues)[number];
export type ActorType = (typeof actorTypeEnum.enumValues)[number];

/** A renewal priced for the notice: the next term and what it costs, applied at the end of the term. */
export type RenewalOffer = {
  startDate: string;
  endDate: string;
  pricedAt: string;
  netPremiumCents: number;
  fractionationSurchargeCents: number;
  consorcioCents: number;
  cleaCents: number;
  ipsCents: number;
  totalPremiumCents: number;
  recibos: { sequence: number; dueDate: string; amountCents: number }[];
};

/** A role's permissions: only entries set to exactly `true` grant anything. */
export type PermissionMap = Record<string, boolean>;

/** One attachment of a queued e-mail; content is base64 so the row is self-contained. */
export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/** A customer document an e-mail attaches, rendered after its transaction commits (ADR 017). */
export type DocumentRef =
  /** A given version of the particular conditions (ADR 018); without it, the one in force when rendered. */
  | { kind: "conditions"; policyId: number; version?: number }
  | { kind: "recibo"; policyId: number; sequence: number }
  /** The line's IPID as the catalogue stood at `at` (ISO 8601); with `policyId`, stored with that policy (ADR 036). */
  | { kind: "ipid"; line: "auto" | "hogar" | "alquiler"; at: string; policyId?: number }
  | { kind: "withdrawal"; policyId: number; requestedAt: string; effectiveDate: string; refundCents: number }
  | { kind: "receipt"; policyId: number; sequence: number };

/**
 * An attachment queued by reference: the transaction that queues the e-mail writes this, and the
 * PDF is rendered after the commit (or, failing that, by the sender before it sends).
 */
export type PendingAttachment = { filename: string; contentType: string; document: DocumentRef };
export type OutboxAttachment = EmailAttachment | PendingAttachment;

// ─── Staff, roles and permissions ──────────────────────────────────────────────────────

export const permissions = pgTable("permissions", {
  name: text("name").primaryKey(), // "resource:action"
  description: text("description").notNull(),
  group: text("group").notNull(),
});

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  permissions: jsonb("permissions").$type<PermissionMap>().notNull().default({}),
  /** Seeded roles: they cannot be deleted or renamed. */
  isSystem: boolean("is_system").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const adminUsers = pgTable(
  "admin_users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /**
     * Signed into every token (claim `ver`); a password change or reset adds one, so the account's
     * earlier tokens stop at once (requireAdmin) without keeping a list of them.
     */
    sessionVersion: integer("session_version").notNull().default(0),
    /** Set when another admin chose the password (a new account, a reset): the API allows nothing but changing it until then. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
  },
  (t) => [index("admin_users_role_id_idx").on(t.roleId), check("admin_users_email_lower", sql`${t.email} = lower(${t.email})`)],
);

// ─── Visitors and their sessions ───────────────────────────────────────────────────────

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    /** The spec's visitor role: 'admin' marks an administrator, anything else is a customer. */
    role: text("role").notNull().default("user"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The customer's contact telephone (their profile); the policies keep their own policyholder data. */
    phone: text("phone"),
    /** As adminUsers.sessionVersion: a password change or reset ends the account's other sessions. */
    sessionVersion: integer("session_version").notNull().default(0),
  },
  (t) => [check("users_email_lower", sql`${t.email} = lower(${t.email})`)],
);

/**
 * A "forgotten password" link: only the SHA-256 of its secret is kept. It works once
 * (`usedAt`) and for an hour; a new password or a newer link ends the older ones.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** Logged-out token ids; a row can be pruned once its token would have expired anyway. */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    jti: text("jti").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("revoked_tokens_expires_at_idx").on(t.expiresAt)],
);

/**
 * Per-address limits (api/limits.ts), one row per key ("sign-in:user:203.0.113.7"): the key's
 * theoretical arrival time of the generic cell rate algorithm. A row whose `tat` is past says
 * nothing (the same as no row), so it can be pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tat: timestamp("tat", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_tat_idx").on(t.tat)],
);

/**
 * A checkout being charged (ADR 017): one row per quote while its card or account is charged
 * outside any transaction. Identical submits (same key) wait for its policy while the request that
 * holds it lives, and take it over once it is gone; another key for the same quote is refused
 * until the claim is released or its heartbeat is older than CHECKOUT_CLAIM_LEASE_MS.
 */
export const checkoutClaims = pgTable("checkout_claims", {
  quoteId: uuid("quote_id")
    .primaryKey()
    .references(() => quotes.id, { onDelete: "cascade" }),
  idempotencyKey: text("idempotency_key").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  /** The process of the request that holds it, and that request's token (api/db/leases.ts); null in claims from before leases had holders (migration 0015). */
  holder: text("holder"),
  lease: text("lease"),
  /** Written every few seconds while its request charges and writes; null: claimed_at. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
});

/** Every login attempt (visitor and staff), for rate limiting by email and by IP. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    success: boolean("success").notNull(),
  },
  (t) => [index("login_attempts_email_at_idx").on(t.email, t.at), index("login_attempts_ip_at_idx").on(t.ip, t.at)],
);

// ─── Clients (tomadores) ───────────────────────────────────────────────────────────────

export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** NIF/NIE, upper-case without separators; unique when known (prospects may lack it). */
    nif: text("nif"),
    birthDate: date("birth_date"),
    email: text("email"),
    /**
     * Name and e-mail as the searches compare them (cotiza_fold: lower case, no accents), kept by
     * the database: a search reads these through their trigram indexes and rechecks each candidate
     * row on them, instead of folding the name of every candidate again (~8 µs a row, 0.9 s for
     * the 111,111 holders of «Tomador 1»; issue 30).
     */
    nameFolded: text("name_folded").generatedAlwaysAs(sql`cotiza_fold(name)`),
    emailFolded: text("email_folded").generatedAlwaysAs(sql`cotiza_fold(email)`),
    phone: text("phone"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    stage: clientStageEnum("stage").notNull().default("prospecto"),
    /** When the client entered its stage: the card's age on the client pipeline's board. */
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Kept by every policy event (api/db/client-stage.repo.ts): the annual premium of the client's
     * policies in force or suspended, and the line of the newest one. The client board sums and
     * sorts them over 200,000 clients without reading policies (ADR 041 «Clientes»).
     */
    premiumCents: integer("premium_cents").notNull().default(0),
    lineCode: lineCodeEnum("line_code"),
    /** Every line the client has a policy of (the board's line filter, through its GIN index). */
    lineCodes: lineCodeEnum("line_codes")
      .array()
      .notNull()
      .default(sql`'{}'::line_code[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A lane of the client pipeline: its newest cards first, walked by index (issue 23).
    index("clients_stage_changed_idx").on(t.stage, t.stageChangedAt, t.id),
    // The client pipeline's list sorted by premium and by age in the stage, the line filter, and the
    // board's lane totals read from the index alone (ADR 041 «Clientes»).
    index("clients_premium_idx").on(t.premiumCents, t.id),
    index("clients_stage_since_idx").on(t.stageChangedAt, t.id),
    index("clients_line_codes_idx").using("gin", t.lineCodes),
    index("clients_stage_premium_idx").on(t.stage, t.stageChangedAt, t.premiumCents),
    uniqueIndex("clients_nif_unique")
      .on(t.nif)
      .where(sql`${t.nif} is not null`),
    index("clients_user_id_idx").on(t.userId),
    index("clients_stage_idx").on(t.stage),
    index("clients_email_idx").on(t.email),
    // The back office's list: sorts by name and by date, and free-text search on name and e-mail.
    index("clients_created_idx").on(t.createdAt, t.id),
    index("clients_name_idx").on(t.name, t.id),
    // A NIF/NIE/CIF searched by its start ("B0001"); stored upper case, so byte order is enough.
    index("clients_nif_prefix_idx").on(sql`${t.nif} text_pattern_ops`),
    // Searched folded (cotiza_fold: lower case, no accents, from migration 0008), so that "jose
    // garcia" finds "José García".
    index("clients_name_folded_trgm_idx").using("gin", sql`${t.nameFolded} gin_trgm_ops`),
    index("clients_email_folded_trgm_idx").using("gin", sql`${t.emailFolded} gin_trgm_ops`),
  ],
);

// ─── Catalogue: lines, plans, guarantees, tariffs ──────────────────────────────────────

export const productLines = pgTable("product_lines", {
  code: lineCodeEnum("code").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  active: boolean("active").notNull().default(true),
});

export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    lineCode: lineCodeEnum("line_code")
      .notNull()
      .references(() => productLines.code, { onDelete: "restrict" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Yearly base premium before the line's risk factors. */
    basePremiumCents: integer("base_premium_cents").notNull(),
    deductibleCents: integer("deductible_cents").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    recommended: boolean("recommended").notNull().default(false),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    unique("plans_line_code_code_unique").on(t.lineCode, t.code),
    check("plans_base_premium_nonneg", sql`${t.basePremiumCents} >= 0`),
    check("plans_deductible_nonneg", sql`${t.deductibleCents} >= 0`),
  ],
);

export const guarantees = pgTable(
  "guarantees",
  {
    id: serial("id").primaryKey(),
    /** Unique within its line (migration 0010): the code policies and quotes name it by, never changed. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** What the customer reads about it on the quote and the IPID. */
    description: text("description").notNull(),
    /** A one-line hint for the customer beside the name (jargon explained); optional. */
    hint: text("hint"),
    lineCode: lineCodeEnum("line_code")
      .notNull()
      .references(() => productLines.code, { onDelete: "restrict" }),
    // Its price lives in guarantee_prices, versioned by effective date (ADR 016).
    limitText: text("limit_text"),
    limitCents: integer("limit_cents"),
    deductibleCents: integer("deductible_cents").notNull().default(0),
    /** Carencia: days from the day the policy holds it during which it does not cover yet (claims, ADR 042). */
    waitingDays: integer("waiting_days").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("guarantees_line_code_code_unique").on(t.lineCode, t.code),
    // The back office's list: one index per sort key (the line's one is the unique index's prefix).
    index("guarantees_line_sort_idx").on(t.lineCode, t.sortOrder, t.id),
    index("guarantees_code_idx").on(t.code, t.id),
    index("guarantees_name_idx").on(t.name, t.id),
    check("guarantees_limit_nonneg", sql`${t.limitCents} is null or ${t.limitCents} >= 0`),
    check("guarantees_deductible_nonneg", sql`${t.deductibleCents} >= 0`),
    check("guarantees_waiting_days_nonneg", sql`${t.waitingDays} >= 0`),
  ],
);

/**
 * The price of a guarantee when chosen as an optional, one row per version: fixed = yearly cents;
 * percent = basis points of the plan's net premium. The version in force on a day is the one with
 * the latest valid_from on or before it (ties: the higher version); ADR 016.
 */
export const guaranteePrices = pgTable(
  "guarantee_prices",
  {
    id: serial("id").primaryKey(),
    guaranteeId: integer("guarantee_id")
      .notNull()
      .references(() => guarantees.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    priceType: guaranteePriceTypeEnum("price_type").notNull(),
    priceValue: integer("price_value").notNull(),
    /** The first day (Madrid calendar) this price applies to new quotes. */
    validFrom: date("valid_from").notNull(),
    createdByAdminId: integer("created_by_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("guarantee_prices_guarantee_version_unique").on(t.guaranteeId, t.version),
    index("guarantee_prices_guarantee_valid_idx").on(t.guaranteeId, t.validFrom),
    check("guarantee_prices_value_nonneg", sql`${t.priceValue} >= 0`),
    check("guarantee_prices_percent_max", sql`${t.priceType} <> 'percent' or ${t.priceValue} <= 10000`),
  ],
);

/** A guarantee offered by a plan: included in its price, or optional at the guarantee's price. */
export const planGuarantees = pgTable(
  "plan_guarantees",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    guaranteeId: integer("guarantee_id")
      .notNull()
      .references(() => guarantees.id, { onDelete: "cascade" }),
    included: boolean("included").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.guaranteeId] }), index("plan_guarantees_guarantee_id_idx").on(t.guaranteeId)],
);

/** One rating factor table of a line, versioned so that a price can be explained later. */
export const tariffs = pgTable(
  "tariffs",
  {
    id: serial("id").primaryKey(),
    lineCode: lineCodeEnum("line_code")
      .notNull()
      .references(() => productLines.code, { onDelete: "restrict" }),
    factor: text("factor").notNull(),
    bands: jsonb("bands").$type<TariffTable>().notNull(),
    version: integer("version").notNull().default(1),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [unique("tariffs_line_factor_version_unique").on(t.lineCode, t.factor, t.version)],
);

// ─── Quotes, policies, recibos, payments ──────────────────────────────────────────────

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lineCode: lineCodeEnum("line_code")
      .notNull()
      .references(() => productLines.code, { onDelete: "restrict" }),
    status: quoteStatusEnum("status").notNull().default("cotizada"),
    /** The rating inputs as submitted (validated by the API contract). */
    inputs: jsonb("inputs").$type<Record<string, unknown>>().notNull(),
    /**
     * The priced offer per plan with its breakdown, frozen at quote time (binding while valid).
     * json, not jsonb: a document stored and read whole (a few KB per quote, the busiest write),
     * which PostgreSQL then only checks instead of converting; one query reads into it.
     */
    offers: json("offers").$type<unknown>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Anonymous visitors own their quotes through a session id until they sign in. */
    sessionId: text("session_id"),
    /** A quote made by staff for a customer on the phone (/admin/policies/new): any staff with policies:write may use it. */
    madeByAdminId: integer("made_by_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    /** The lowest yearly total among the offers (cents), stored at write time for the lists. */
    bestPrice: integer("best_price"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A visitor's quotes, newest first (the list kit's order; its prefix serves user_id lookups).
    index("quotes_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("quotes_session_id_idx").on(t.sessionId),
    index("quotes_status_valid_until_idx").on(t.status, t.validUntil),
    // /admin/quotes, newest first (the list kit's order ends in the id).
    index("quotes_created_at_idx").on(t.createdAt, t.id),
    // Quotes waiting for a call (ADR 035): a signed-in visitor's, still valid, not bought. The
    // dashboard counts them from the first index alone (valid_until > now bounds the walk, however
    // many expired quotes were never read again); /admin/quotes pages them newest first with the second.
    index("quotes_waiting_call_idx")
      .on(t.validUntil, t.createdAt)
      .where(sql`${t.status} = 'cotizada' and ${t.userId} is not null and ${t.madeByAdminId} is null`),
    index("quotes_waiting_call_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'cotizada' and ${t.userId} is not null and ${t.madeByAdminId} is null`),
  ],
);

export const policies = pgTable(
  "policies",
  {
    id: serial("id").primaryKey(),
    /** Human policy number, e.g. COT-2026-000001. */
    number: text("number").notNull().unique(),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    lineCode: lineCodeEnum("line_code")
      .notNull()
      .references(() => productLines.code, { onDelete: "restrict" }),
    planCode: text("plan_code").notNull(),
    status: policyStatusEnum("status").notNull().default("pendiente_pago"),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    frequency: frequencyEnum("frequency").notNull().default("anual"),
    /** Codes of the optional guarantees contracted on top of the plan. */
    optionalGuarantees: jsonb("optional_guarantees").$type<string[]>().notNull().default([]),
    /** The insured risk (driver and vehicle, dwelling, rented flat), copied from the quote inputs. */
    risk: jsonb("risk").$type<Record<string, unknown>>().notNull().default({}),
    netPremiumCents: integer("net_premium_cents").notNull(),
    fractionationSurchargeCents: integer("fractionation_surcharge_cents").notNull().default(0),
    consorcioCents: integer("consorcio_cents").notNull().default(0),
    cleaCents: integer("clea_cents").notNull().default(0),
    ipsCents: integer("ips_cents").notNull().default(0),
    totalPremiumCents: integer("total_premium_cents").notNull(),
    /** One of CANCELLATION_REASONS (a check keeps it honest), with the date the cancellation takes effect. */
    cancellationReason: text("cancellation_reason"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationEffectiveDate: date("cancellation_effective_date"),
    /** The term of the contract this row is in: 1 at issue, one more at each renewal (start/end are the term's). */
    term: integer("term").notNull().default(1),
    /** How the later recibos are charged: the method and the provider's reusable mandate (never a card number). */
    paymentMethod: paymentMethodEnum("payment_method"),
    paymentMandate: text("payment_mandate"),
    /** The account of SEPA recibos (IBAN, upper-case without spaces); staff may change it. */
    iban: text("iban"),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** After a suspension, cover resumes 24 h after the overdue recibo is paid (art. 15 LCS). */
    coverResumesAt: timestamp("cover_resumes_at", { withTimezone: true }),
    /** Tacit renewal stopped: when and by whom (one of RENEWAL_STOPPERS). */
    renewalStoppedAt: timestamp("renewal_stopped_at", { withTimezone: true }),
    renewalStoppedBy: text("renewal_stopped_by"),
    /** The next term as priced for the renewal notice (premium and recibos), applied at the end date. */
    renewalOffer: jsonb("renewal_offer").$type<RenewalOffer>(),
    renewalNoticeSentAt: timestamp("renewal_notice_sent_at", { withTimezone: true }),
    /** The term this one renews, if any. */
    previousPolicyId: integer("previous_policy_id").references((): AnyPgColumn => policies.id, { onDelete: "set null" }),
    /** A checkout submitted twice carries the same key and creates one policy. */
    idempotencyKey: text("idempotency_key").unique(),
    /** Sold on the web by the customer or by phone by staff (one of SALES_CHANNELS). */
    channel: text("channel").notNull().default("web"),
    /**
     * The holder's name and e-mail as the searches compare them (cotiza_holder_text: each folded,
     * a newline between), kept by the database (migration 0033): set from the client on insert and
     * on a change of holder, rewritten when the client's name or e-mail changes. The back office
     * finds policies by their holder through its trigram index, without joining clients (ADR 045).
     */
    holderFolded: text("holder_folded").notNull().default(""),
    /**
     * The holder's NIF, kept by the database alongside holder_folded (migration 0034): the back
     * office finds policies by the start of a NIF through its own index, not through clients (ADR 045).
     */
    holderNif: text("holder_nif"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("policies_client_id_idx").on(t.clientId),
    // A client's policies in force (the clients' list: its count and its inForce filter).
    index("policies_client_in_force_idx")
      .on(t.clientId)
      .where(sql`${t.status} in ('en_vigor', 'suspendida')`),
    // A visitor's policies, newest first (Mi póliza's list; its prefix serves user_id lookups).
    index("policies_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("policies_quote_id_idx").on(t.quoteId),
    // The back office's list: one index per sort (newest, start, end, number) and per exact filter.
    index("policies_created_idx").on(t.createdAt, t.id),
    index("policies_status_created_idx").on(t.status, t.createdAt, t.id),
    index("policies_line_created_idx").on(t.lineCode, t.createdAt, t.id),
    // /admin/payments's method and line filters: the ids of the policies they name, from the index alone (ADR 028).
    index("policies_payment_method_line_idx").on(t.paymentMethod, t.lineCode, t.id),
    index("policies_start_date_idx").on(t.startDate, t.id),
    // A range of start dates sorted newest first: its matches' ids and order read from this index
    // alone (pageIdsOfMatches), however far from today the range lies (issue 30).
    index("policies_start_created_idx").on(t.startDate, t.createdAt, t.id),
    index("policies_end_date_idx").on(t.endDate, t.id),
    // The policies in force by end date, with the default order's columns: "renewal within N days"
    // is read and sorted from this index alone.
    index("policies_renewal_idx")
      .on(t.endDate, t.createdAt, t.id)
      .where(sql`${t.status} = 'en_vigor'`),
    index("policies_number_prefix_idx").on(sql`${t.number} text_pattern_ops`),
    // A holder's name or e-mail searched on the policy itself (its kept text), not through clients.
    index("policies_holder_folded_trgm_idx").using("gin", sql`${t.holderFolded} gin_trgm_ops`),
    // A NIF's start typed by staff («B0001»): a prefix range of the holder's NIF kept on the policy.
    index("policies_holder_nif_prefix_idx").on(sql`${t.holderNif} text_pattern_ops`),
    // The insured object searched by staff (issue 30): a car's registration by its start, a
    // dwelling's postal code (the address given at checkout; the quote's for older policies).
    index("policies_registration_idx")
      .on(sql`(${t.risk} ->> 'registration') text_pattern_ops`)
      .where(sql`${t.lineCode} = 'auto'`),
    index("policies_dwelling_postal_code_idx")
      .on(sql`coalesce(${t.risk} -> 'riskAddress' ->> 'postalCode', ${t.risk} ->> 'postalCode')`)
      .where(sql`${t.lineCode} in ('hogar', 'alquiler')`),
    check(
      "policies_cancellation_reason",
      sql`${t.cancellationReason} is null or ${t.cancellationReason} in ('desistimiento', 'impago', 'peticion_cliente', 'error_emision')`,
    ),
    check("policies_channel", sql`${t.channel} in ('web', 'telefono')`),
    check("policies_renewal_stopped_by", sql`${t.renewalStoppedBy} is null or ${t.renewalStoppedBy} in ('cliente', 'aseguradora')`),
    check("policies_dates_order", sql`${t.endDate} > ${t.startDate}`),
    check(
      "policies_total_is_sum",
      sql`${t.totalPremiumCents} = ${t.netPremiumCents} + ${t.fractionationSurchargeCents} + ${t.consorcioCents} + ${t.cleaCents} + ${t.ipsCents}`,
    ),
  ],
);

export const recibos = pgTable(
  "recibos",
  {
    id: serial("id").primaryKey(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "restrict" }),
    sequence: integer("sequence").notNull(),
    kind: reciboKindEnum("kind").notNull().default("prima"),
    dueDate: date("due_date").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: reciboStatusEnum("status").notNull().default("pendiente"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The term of the policy the recibo belongs to (sequence keeps counting across terms). */
    term: integer("term").notNull().default(1),
    /** Charge attempts through the provider, and the last one. */
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** Why it was returned (devuelto): the provider's reason or what staff wrote. */
    returnReason: text("return_reason"),
    /** Paid by another means (a transfer): its reference. */
    paidReference: text("paid_reference"),
    /** The bank's R-code of the last SEPA return (AC04, AM04, MD06…); returnReason holds its Spanish meaning. */
    returnCode: text("return_code"),
    /** The bank's return fee passed on to the customer (settings `return_fee_cents`), owed on top of the amount. */
    returnFeeCents: integer("return_fee_cents").notNull().default(0),
    /** The remittance it is in while `remesado` (and the last one it went in afterwards). */
    remittanceId: integer("remittance_id").references((): AnyPgColumn => remittances.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("recibos_policy_sequence_unique").on(t.policyId, t.sequence),
    index("recibos_status_due_date_idx").on(t.status, t.dueDate),
    // The portfolio's recibo list (/admin/payments) pages by due date then id.
    index("recibos_due_date_id_idx").on(t.dueDate, t.id),
    index("recibos_remittance_id_idx").on(t.remittanceId),
    // /admin/payments sorted by amount (ADR 028).
    index("recibos_amount_cents_id_idx").on(t.amountCents, t.id),
  ],
);

/** One guarantee a suplemento added, as it was priced and described that day (the documents read it from here). */
export type EndorsedGuarantee = {
  code: string;
  name: string;
  description: string;
  limitText: string | null;
  deductibleCents: number;
  /** Its price for a whole year on this policy. */
  yearlyCents: number;
  /** Its pro rata net premium in this suplemento. */
  netCents: number;
};

/** A yearly premium component by component, in cents (net + fractionation + consorcio + clea + ips = total). */
export type PremiumBreakdownColumns = { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };

/**
 * A suplemento (endorsement): guarantees added to a policy in force from an effective date, priced
 * pro rata for the days left in the term, with one recibo (kind suplemento) for the difference.
 * Each one is a new version of the particular conditions: version 1 is the contract as issued,
 * the n-th endorsement of the policy makes version n + 1. A repeated submit carries the same
 * idempotency key and finds the endorsement already made.
 */
/**
 * The dashboard's counters (ADR 035), kept by triggers on policies and recibos (migration 0021):
 * - `policy` / `recibo`: rows (and the recibos' cents) per status;
 * - `premium`: policies and their total premium per start date (the month's premiums written);
 * - `renewal`: policies en_vigor per end date (the renewals due).
 * Each statement appends its change (+n / −n per key), so every write path keeps them exact
 * without knowing about them and no two transactions wait on one counter row; the daily run folds
 * the rows into one per key.
 */
export const dashboardCounts = pgTable(
  "dashboard_counts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    status: text("status").notNull().default(""),
    day: date("day"),
    n: bigint("n", { mode: "number" }).notNull(),
    cents: bigint("cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("dashboard_counts_kind_day_idx").on(t.kind, t.day),
    check("dashboard_counts_kind", sql`${t.kind} in ('policy', 'recibo', 'premium', 'renewal')`),
  ],
);

export const endorsements = pgTable(
  "endorsements",
  {
    id: serial("id").primaryKey(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "restrict" }),
    /** The version of the particular conditions this endorsement makes (2, 3…). */
    version: integer("version").notNull(),
    /** The policy's term it was made in. */
    term: integer("term").notNull(),
    effectiveDate: date("effective_date").notNull(),
    guarantees: jsonb("guarantees").$type<EndorsedGuarantee[]>().notNull(),
    remainingDays: integer("remaining_days").notNull(),
    termDays: integer("term_days").notNull(),
    netPremiumCents: integer("net_premium_cents").notNull(),
    fractionationSurchargeCents: integer("fractionation_surcharge_cents").notNull().default(0),
    consorcioCents: integer("consorcio_cents").notNull().default(0),
    cleaCents: integer("clea_cents").notNull().default(0),
    ipsCents: integer("ips_cents").notNull().default(0),
    totalPremiumCents: integer("total_premium_cents").notNull(),
    /**
     * The policy's yearly premium from this suplemento on (ADR 023): the one in force before it plus
     * the yearly price of what it adds, with the surcharges and IPS. Null only for a suplemento of an
     * earlier term made before the column existed (migration 0017 filled the current terms').
     */
    annualPremium: jsonb("annual_premium").$type<PremiumBreakdownColumns>(),
    reciboId: integer("recibo_id").references(() => recibos.id, { onDelete: "restrict" }),
    paymentMethod: paymentMethodEnum("payment_method").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Asked on the web by the customer or by phone through staff (one of SALES_CHANNELS). */
    channel: text("channel").notNull().default("web"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("endorsements_policy_version_unique").on(t.policyId, t.version),
    check("endorsements_channel", sql`${t.channel} in ('web', 'telefono')`),
    check("endorsements_version", sql`${t.version} >= 2`),
    check("endorsements_days", sql`${t.remainingDays} > 0 and ${t.remainingDays} <= ${t.termDays}`),
    check(
      "endorsements_total_is_sum",
      sql`${t.totalPremiumCents} = ${t.netPremiumCents} + ${t.fractionationSurchargeCents} + ${t.consorcioCents} + ${t.cleaCents} + ${t.ipsCents}`,
    ),
  ],
);

/** A charge (or refund) at the payment provider for a recibo. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "restrict" }),
    reciboId: integer("recibo_id").references(() => recibos.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    method: paymentMethodEnum("method").notNull(),
    /** What a person may see of the means of payment, e.g. "•••• 4242" or "ES91 •••• 1332". */
    methodLabel: text("method_label"),
    amountCents: integer("amount_cents").notNull(),
    status: paymentStatusEnum("status").notNull().default("pendiente"),
    providerRef: text("provider_ref"),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_policy_id_idx").on(t.policyId),
    index("payments_recibo_id_idx").on(t.reciboId),
    index("payments_created_at_idx").on(t.createdAt),
  ],
);

/** Every transition and change of a policy, in the same transaction as the change (the policy's history tab). */
export const policyHistory = pgTable(
  "policy_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** One of POLICY_EVENTS. */
    event: text("event").notNull(),
    fromStatus: policyStatusEnum("from_status"),
    toStatus: policyStatusEnum("to_status"),
    /** One Spanish sentence a person reads ("Recibo 2 devuelto: fondos insuficientes"). */
    summary: text("summary").notNull(),
    details: jsonb("details"),
    actorType: actorTypeEnum("actor_type").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label"),
  },
  (t) => [index("policy_history_policy_at_idx").on(t.policyId, t.at, t.id)],
);

/**
 * One row per day of the daily lifecycle run: the row is the lease that makes the day run once
 * across instances (claimed by insert, taken over only when its holder is gone: its heartbeat is
 * stale, or it is this process's and the run that held it ended; api/db/leases.ts).
 */
export const lifecycleRuns = pgTable("lifecycle_runs", {
  day: date("day").primaryKey(),
  /** en_curso while running, hecho when every step finished. */
  status: text("status").notNull(),
  /** The holder: the process running it (platform/process-identity.ts). */
  owner: text("owner").notNull(),
  /** The holder's token: every write of the run is conditional on it, so a run taken over stops. Null in rows from before leases had holders (migration 0015). */
  lease: text("lease"),
  /** Who asked for the run: the schedule or a staff member's username (shown to whoever finds it under way). */
  startedBy: text("started_by"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  /** Written every few seconds while the run works (RUN_HEARTBEAT_MS), whatever step it is on. */
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** What the run did, per step (counts). */
  summary: jsonb("summary").$type<Record<string, number>>().notNull().default({}),
});

/**
 * Each daily run as asked for (ADR 044): by staff (POST /admin/lifecycle/run) or by the schedule.
 * A run does the days not yet done, each under its day's lease in lifecycle_runs; this row is what
 * GET /admin/lifecycle/runs/{id} reads, from any instance. At most one is en_curso at a time (the
 * partial unique index): whoever asks while one is under way is answered that one.
 */
export const lifecycleJobs = pgTable(
  "lifecycle_jobs",
  {
    id: serial("id").primaryKey(),
    /** en_curso while it works, hecho when every day is done, fallido when it failed or its holder stopped answering. */
    status: text("status").notNull(),
    /** Who asked: a staff member's username, or the schedule (LIFECYCLE_SCHEDULE_STARTER). */
    startedBy: text("started_by").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** The holder: the process running it, and its token (api/db/leases.ts); its heartbeat says it is alive. */
    owner: text("owner").notNull(),
    lease: text("lease").notNull(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The day it is working on (its progress is that day's lifecycle_runs summary). */
    day: date("day"),
    /** The days done, in order, each with what it did. */
    days: jsonb("days").$type<{ day: string; summary: Record<string, number> }[]>().notNull().default([]),
    /** Why it failed, for staff. */
    error: text("error"),
  },
  (t) => [
    uniqueIndex("lifecycle_jobs_one_running")
      .on(t.status)
      .where(sql`${t.status} = 'en_curso'`),
  ],
);

/** Internal notes staff write on a policy or a client (never shown to the customer). */
export const notes = pgTable(
  "notes",
  {
    id: serial("id").primaryKey(),
    entity: text("entity").notNull(),
    entityId: integer("entity_id").notNull(),
    body: text("body").notNull(),
    authorId: integer("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    authorLabel: text("author_label").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notes_entity_at_idx").on(t.entity, t.entityId, t.at), check("notes_entity", sql`${t.entity} in ('policy', 'client')`)],
);

// ─── Consents, e-mail, pipeline, audit, settings ──────────────────────────────────────

/** One consent decision per purpose (contract, marketing…), with when and from where. */
export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    purpose: text("purpose").notNull(),
    granted: boolean("granted").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The customer's address on the web; none for a consent given by phone. */
    ip: text("ip"),
    /** One of SALES_CHANNELS: given on the web, or by phone and recorded by a staff member. */
    channel: text("channel").notNull().default("web"),
    recordedByAdminId: integer("recorded_by_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("consents_user_id_idx").on(t.userId),
    index("consents_client_id_idx").on(t.clientId),
    check("consents_channel", sql`${t.channel} in ('web', 'telefono')`),
  ],
);

/** E-mails are queued in the business transaction and sent by a worker (retry with backoff). */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    status: emailStatusEnum("status").notNull().default("pendiente"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Which e-mail of the product this is (EMAIL_TEMPLATES); null for rows queued before issue 25. */
    template: text("template"),
    /** The policy or client it is about, when it is about one (the outbox list's filters and links). */
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** A copy queued by "Reenviar" names the message it copies (ADR 039). */
    resentFromId: integer("resent_from_id").references((): AnyPgColumn => outboxEmails.id, { onDelete: "set null" }),
    /** Who cancelled a pending message and when (status cancelado; ADR 039). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledById: integer("cancelled_by_id").references(() => adminUsers.id, { onDelete: "set null" }),
    cancelledByLabel: text("cancelled_by_label"),
    createdAt: createdAt(),
  },
  // The second index: a client's e-mails (their page in the back office, their data export).
  (t) => [
    index("outbox_emails_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("outbox_emails_to_created_idx").on(t.to, t.createdAt),
    index("outbox_emails_created_idx").on(t.createdAt, t.id),
    index("outbox_emails_policy_id_idx").on(t.policyId),
    index("outbox_emails_client_id_idx").on(t.clientId),
    index("outbox_emails_resent_from_id_idx").on(t.resentFromId),
    // The outbox list's search (ADR 039): an address or words of a subject, folded (api/db/list.ts).
    index("outbox_emails_to_fold_trgm_idx").using("gin", sql`cotiza_fold(${t.to}) gin_trgm_ops`),
    index("outbox_emails_subject_fold_trgm_idx").using("gin", sql`cotiza_fold(${t.subject}) gin_trgm_ops`),
  ],
);

/** The sales pipeline: a lead (a person, maybe with quotes) moving towards a policy (issue 23). */
export const pipelineLeads = pgTable(
  "pipeline_leads",
  {
    id: serial("id").primaryKey(),
    stage: leadStageEnum("stage").notNull().default("nuevo"),
    source: leadSourceEnum("source").notNull().default("manual"),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    lineCode: lineCodeEnum("line_code").references(() => productLines.code, { onDelete: "restrict" }),
    /** The quote that made the lead (a web quote not bought, a callback from /results); more are in pipeline_lead_quotes. */
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** The owner: the commercial working the lead. */
    assignedAdminId: integer("assigned_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    estimatedPremiumCents: integer("estimated_premium_cents"),
    nextAction: text("next_action"),
    nextActionOn: date("next_action_on"),
    notes: text("notes"),
    /** A code of LEAD_LOST_REASONS when the lead is perdido. */
    lostReason: text("lost_reason"),
    /** "Quiero que me llamen": the time slot asked for (CALLBACK_SLOTS) and when consent to be called was given. */
    callbackSlot: text("callback_slot"),
    callbackConsentAt: timestamp("callback_consent_at", { withTimezone: true }),
    wonPolicyId: integer("won_policy_id").references(() => policies.id, { onDelete: "set null" }),
    /** When the lead entered its stage: the card's age on the board. */
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last thing done on the lead (a move, an edit, a note, a new quote): a lead quiet for too long is stale. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("pipeline_leads_stage_idx").on(t.stage, t.stageChangedAt, t.id),
    // The list's sorts by age in the stage (its default), premium (no premium last) and name, walked by index at any page (ADR 041 «Velocidad»).
    index("pipeline_leads_stage_since_idx").on(t.stageChangedAt, t.id),
    index("pipeline_leads_premium_idx").on(sql`coalesce(${t.estimatedPremiumCents}, -1)`, t.id),
    index("pipeline_leads_name_idx").on(t.name, t.id),
    index("pipeline_leads_assigned_admin_id_idx").on(t.assignedAdminId, t.stage, t.stageChangedAt, t.id),
    index("pipeline_leads_quote_id_idx").on(t.quoteId),
    index("pipeline_leads_next_action_idx").on(t.assignedAdminId, t.nextActionOn),
    // Duplicates are merged, not created: an open lead of the same line with the same e-mail or phone.
    index("pipeline_leads_open_email_idx")
      .on(t.lineCode, sql`lower(${t.email})`)
      .where(sql`${t.stage} not in ('ganado', 'perdido') and ${t.email} is not null`),
    index("pipeline_leads_open_phone_idx")
      .on(t.lineCode, t.phone)
      .where(sql`${t.stage} not in ('ganado', 'perdido') and ${t.phone} is not null`),
  ],
);

/** The quotes of a lead: the one that made it and those made for it later (a quote belongs to one lead at most). */
export const pipelineLeadQuotes = pgTable(
  "pipeline_lead_quotes",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => pipelineLeads.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.quoteId] }), uniqueIndex("pipeline_lead_quotes_quote_unique").on(t.quoteId)],
);

/**
 * The sales board's lane totals (ADR 041 «Velocidad»): leads and estimated premium per stage, owner
 * and line, kept by a trigger on pipeline_leads (migration 0030) as signed deltas that the daily run folds.
 */
export const leadStageTotals = pgTable(
  "lead_stage_totals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    stage: leadStageEnum("stage").notNull(),
    ownerId: integer("owner_id"),
    line: lineCodeEnum("line"),
    n: bigint("n", { mode: "number" }).notNull(),
    cents: bigint("cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("lead_stage_totals_stage_idx").on(t.stage, t.ownerId, t.line)],
);

/**
 * The client board's lane totals (ADR 041 «Velocidad»): clients and kept premium per stage, UTC day
 * they entered it and line (null: every client; a line: those with a policy of it), kept by a
 * trigger on clients (migration 0030) as signed deltas that the daily run folds.
 */
export const clientStageDays = pgTable(
  "client_stage_days",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    stage: clientStageEnum("stage").notNull(),
    line: lineCodeEnum("line"),
    day: date("day").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
    cents: bigint("cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("client_stage_days_line_day_idx").on(t.line, t.day)],
);

/** Every move of a client in the client pipeline, by an event or by hand: the client's timeline shows them. */
export const clientStageChanges = pgTable(
  "client_stage_changes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    fromStage: clientStageEnum("from_stage").notNull(),
    toStage: clientStageEnum("to_stage").notNull(),
    cause: clientStageCauseEnum("cause").notNull(),
    /** The policy whose event moved the client, when one did. */
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    /** Written by the person who moved it by hand. */
    reason: text("reason"),
    actorAdminId: integer("actor_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_stage_changes_client_idx").on(t.clientId, t.at)],
);

/** Append-only record of every business write, written in the same transaction as the write. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorType: actorTypeEnum("actor_type").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    ip: text("ip"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    // One index per sort key of the list (each read forwards or backwards), which also serves the
    // exact filter on that column sorted by date; the trigram index answers the actor search.
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_action_at_idx").on(t.action, t.at, t.id),
    index("audit_log_entity_at_idx").on(t.entity, t.at, t.id),
    index("audit_log_actor_sort_idx").on(sql`coalesce(${t.actorLabel}, ${t.actorId}, '')`, t.at, t.id),
    index("audit_log_actor_trgm_idx").using("gin", sql`coalesce(${t.actorLabel}, ${t.actorId}, '') gin_trgm_ops`),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorType, t.actorId),
  ],
);

/**
 * Every distinct actor text of the audit log (`coalesce(actor_label, actor_id, '')`, what its actor
 * column shows), kept by a trigger on audit_log (migration 0005). The actor search finds the
 * matching actors here (tens of thousands of values, not millions of rows), then reads their rows
 * through audit_log_actor_sort_idx.
 */
export const auditActors = pgTable("audit_actors", { label: text("label").primaryKey() }, (t) => [
  index("audit_actors_label_trgm_idx").using("gin", sql`${t.label} gin_trgm_ops`),
]);

/**
 * Operational keys only (e.g. the demo-data marker). The business settings (distributor, insurers,
 * surcharges, periods, SEPA creditor, e-mail retries…) live in setting_versions, dated (ADR 038):
 * migration 0023 moved them there and removed them from here, so each key has one source of truth.
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The business settings, append-only and dated (ADR 038): the value in force for a key on a day
 * (Madrid calendar) is its latest version with effective_from on or before that day, of two on the
 * same day the later id. A version not yet in force may be withdrawn (withdrawn_at), never edited.
 */
export const settingVersions = pgTable(
  "setting_versions",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    value: jsonb("value").$type<unknown>().notNull(),
    /** The first Madrid calendar day it applies to (aaaa-mm-dd). */
    effectiveFrom: date("effective_from").notNull(),
    createdAt: createdAt(),
    /** Who wrote it: null for the migration and the seed. */
    createdByAdminId: integer("created_by_admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    createdByLabel: text("created_by_label"),
    note: text("note"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnByLabel: text("withdrawn_by_label"),
  },
  (t) => [index("setting_versions_key_effective_idx").on(t.key, t.effectiveFrom, t.id)],
);

// ─── Money: SEPA, charge attempts, refunds, dunning (issue 22) ───────────────────────────

/**
 * A SEPA Core direct-debit mandate of a policy: what the bank file names for each debit. A change
 * of IBAN replaces the active mandate with a new one (a new reference, sequence FRST again).
 */
export const sepaMandates = pgTable(
  "sepa_mandates",
  {
    id: serial("id").primaryKey(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "restrict" }),
    /** The unique mandate reference (UMR) sent to the bank, e.g. "COT-2026-000123-1". */
    reference: text("reference").notNull().unique(),
    signedOn: date("signed_on").notNull(),
    debtorName: text("debtor_name").notNull(),
    /** Upper-case without spaces. */
    iban: text("iban").notNull(),
    /** FRST until its first debit is collected, RCUR afterwards. */
    sequenceType: text("sequence_type").notNull().default("FRST"),
    /** activo, or sustituido (a new IBAN made a new mandate) / cancelado. */
    status: text("status").notNull().default("activo"),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sepa_mandates_one_active_per_policy")
      .on(t.policyId)
      .where(sql`${t.status} = 'activo'`),
    check("sepa_mandates_sequence_type", sql`${t.sequenceType} in ('FRST', 'RCUR')`),
    check("sepa_mandates_status", sql`${t.status} in ('activo', 'sustituido', 'cancelado')`),
  ],
);

/** A remittance (remesa): one pain.008 file of SEPA debits sent to the bank for a collection date. */
export const remittances = pgTable(
  "remittances",
  {
    id: serial("id").primaryKey(),
    /** The file's MsgId (unique per creditor, as the bank requires). */
    messageId: text("message_id").notNull().unique(),
    /** What makes a repeated request (double click, two staff with the same selection) the same remittance. */
    requestKey: text("request_key").notNull().unique(),
    collectionDate: date("collection_date").notNull(),
    /** abierta until the bank's return deadline has passed and its recibos are settled, then cerrada. */
    status: text("status").notNull().default("abierta"),
    count: integer("count").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** The pain.008 XML exactly as generated: downloads return these bytes. */
    fileXml: text("file_xml").notNull(),
    fileSha256: text("file_sha256").notNull(),
    createdById: text("created_by_id"),
    createdByLabel: text("created_by_label"),
    createdAt: createdAt(),
  },
  (t) => [
    check("remittances_status", sql`${t.status} in ('abierta', 'cerrada')`),
    index("remittances_created_at_idx").on(t.createdAt),
    // The remittances list sorted by collection date (ADR 010).
    index("remittances_collection_date_id_idx").on(t.collectionDate, t.id),
  ],
);

/** One debit of a remittance: a recibo, with the end-to-end id the bank's returns name. */
export const remittanceItems = pgTable(
  "remittance_items",
  {
    remittanceId: integer("remittance_id")
      .notNull()
      .references(() => remittances.id, { onDelete: "restrict" }),
    reciboId: integer("recibo_id")
      .notNull()
      .references(() => recibos.id, { onDelete: "restrict" }),
    endToEndId: text("end_to_end_id").notNull().unique(),
    mandateId: integer("mandate_id")
      .notNull()
      .references(() => sepaMandates.id, { onDelete: "restrict" }),
    sequenceType: text("sequence_type").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** remesado while the bank may still return it; cobrado or devuelto after. */
    status: text("status").notNull().default("remesado"),
  },
  (t) => [
    primaryKey({ columns: [t.remittanceId, t.reciboId] }),
    // A recibo is never in two open remittances.
    uniqueIndex("remittance_items_one_open_per_recibo")
      .on(t.reciboId)
      .where(sql`${t.status} = 'remesado'`),
    check("remittance_items_status", sql`${t.status} in ('remesado', 'cobrado', 'devuelto')`),
  ],
);

/** One line of an imported return file as it was applied: devuelto now, or ya_devuelto by an earlier file. */
export type ReturnImportLine = { line: number; endToEndId: string; code: string; outcome: "devuelto" | "ya_devuelto"; reciboId: number };

/** One imported return file (pain.002 or the bank's CSV): the same file twice is found by its hash. */
export const returnImports = pgTable(
  "return_imports",
  {
    id: serial("id").primaryKey(),
    fileSha256: text("file_sha256").notNull().unique(),
    fileName: text("file_name").notNull(),
    /** pain.002 or csv */
    format: text("format").notNull(),
    lineCount: integer("line_count").notNull(),
    applied: integer("applied").notNull(),
    /** Lines whose debit had already been returned (by an earlier file): reported, not applied again. */
    alreadyReturned: integer("already_returned").notNull().default(0),
    /** Each line's outcome, in file order, so the import's page and a repeated upload answer it again. */
    results: jsonb("results").$type<ReturnImportLine[]>().notNull().default([]),
    createdById: text("created_by_id"),
    createdByLabel: text("created_by_label"),
    createdAt: createdAt(),
  },
  // The list of imports, newest first (ADR 010).
  (t) => [index("return_imports_created_at_id_idx").on(t.createdAt, t.id)],
);

/** A SEPA return (devolución) of a remitted or collected recibo, with the bank's R-code. */
export const reciboReturns = pgTable(
  "recibo_returns",
  {
    id: serial("id").primaryKey(),
    reciboId: integer("recibo_id")
      .notNull()
      .references(() => recibos.id, { onDelete: "restrict" }),
    remittanceId: integer("remittance_id").references(() => remittances.id, { onDelete: "restrict" }),
    /** One return per debit: importing it again changes nothing. */
    endToEndId: text("end_to_end_id").notNull().unique(),
    code: text("code").notNull(),
    reason: text("reason").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    importId: integer("import_id").references(() => returnImports.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
  (t) => [index("recibo_returns_recibo_id_idx").on(t.reciboId)],
);

/**
 * A charge attempt, written (and committed) before the provider is called, with the provider
 * idempotency key it will use: a crash between the charge and the write leaves the attempt to
 * finish or refund, and a key whose charge was refunded is never used again (the next attempt
 * has the next number).
 */
export const chargeAttempts = pgTable(
  "charge_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** checkout, recibo (the daily run or staff through the mandate), pago_cliente ("Pagar ahora"), suplemento. */
    purpose: text("purpose").notNull(),
    /** What is being paid: the checkout claim's key, "recibo-<id>"… Attempts of one subject are numbered. */
    subject: text("subject").notNull(),
    attempt: integer("attempt").notNull(),
    providerKey: text("provider_key").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "restrict" }),
    reciboId: integer("recibo_id").references(() => recibos.id, { onDelete: "restrict" }),
    /** iniciado → capturado → registrado (a payment row records it) | reembolsado; or rechazado. */
    status: text("status").notNull().default("iniciado"),
    providerRef: text("provider_ref"),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** "Pagar ahora": the customer's form key (ADR 031), so that the same submit answers the same attempt. */
    requestKey: text("request_key"),
  },
  (t) => [
    unique("charge_attempts_subject_attempt").on(t.subject, t.attempt),
    index("charge_attempts_status_idx").on(t.status),
    check("charge_attempts_status", sql`${t.status} in ('iniciado', 'capturado', 'registrado', 'reembolsado', 'rechazado')`),
    check("charge_attempts_purpose", sql`${t.purpose} in ('checkout', 'recibo', 'pago_cliente', 'suplemento')`),
  ],
);

/**
 * The embedded test gateway's own books (api/services/payments.ts): what a real provider keeps on
 * its side. A charge has a status, and the same idempotency key answers the same charge with it.
 */
export const gatewayCharges = pgTable("gateway_charges", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  /** charge or refund */
  kind: text("kind").notNull(),
  method: text("method").notNull(),
  amountCents: integer("amount_cents").notNull(),
  providerRef: text("provider_ref").notNull().unique(),
  /** captured, refunded (charges), succeeded (refunds) */
  status: text("status").notNull(),
  /** For a refund: the charge it returned. */
  refundOf: text("refund_of"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** For a charge: how much was refunded so far (a partial refund leaves it captured; all of it, refunded). */
  refundedCents: integer("refunded_cents").notNull().default(0),
});

/**
 * A refund (extorno) owed to a customer: the withdrawal, a cancellation's unearned premium, a
 * suplemento that lowers the premium. Card refunds go through the provider; SEPA ones are paid by
 * transfer and staff mark them done.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "restrict" }),
    reciboId: integer("recibo_id").references(() => recibos.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    /** desistimiento, anulacion, suplemento, devolucion_cobro… and the Spanish sentence in `reason`. */
    cause: text("cause").notNull(),
    reason: text("reason").notNull(),
    method: paymentMethodEnum("method").notNull(),
    /** pendiente (a transfer to make), hecho, rechazado */
    status: text("status").notNull().default("pendiente"),
    providerRef: text("provider_ref"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneByLabel: text("done_by_label"),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_policy_id_idx").on(t.policyId),
    index("refunds_status_idx").on(t.status),
    check("refunds_status", sql`${t.status} in ('pendiente', 'hecho', 'rechazado')`),
  ],
);

/** A dunning reminder of an unpaid recibo: one row per step of the schedule, so each is sent once. */
export const dunningNotices = pgTable(
  "dunning_notices",
  {
    reciboId: integer("recibo_id")
      .notNull()
      .references(() => recibos.id, { onDelete: "restrict" }),
    /** The day of the schedule (settings `dunning_days`, e.g. 1, 7, 20) this reminder is for. */
    day: integer("day").notNull(),
    sentOn: date("sent_on").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reciboId, t.day] })],
);

// ─── Documents (ADR 036) ───────────────────────────────────────────────────────────────

/**
 * One stored file of the portfolio: a generated document, stored once when issued (a download years
 * later returns these bytes, checked against the hash), or an upload. A series is one logical
 * document (a policy's conditions version 2, its recibo 3, a client's upload); regenerating adds the
 * next version of the series and keeps the old ones. The bytes live in the document store
 * (DATA_DIR or an S3-compatible bucket) under `storage_key`.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** e.g. `condiciones:policy:12:v2`, `recibo:policy:12:3`, `subido:<uuid>`: what a version belongs to. */
    seriesKey: text("series_key").notNull(),
    version: integer("version").notNull().default(1),
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "restrict" }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "restrict" }),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    remittanceId: integer("remittance_id").references(() => remittances.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    /** Which store holds the bytes (`local`, `s3`) and under which key. */
    storage: text("storage").notNull(),
    storageKey: text("storage_key").notNull(),
    /** Who issued or uploaded it (audit actor types): staff (`admin`), the customer (`user`), or the system (a sale, the daily run). */
    createdByType: text("created_by_type").notNull(),
    createdById: text("created_by_id"),
    createdByLabel: text("created_by_label"),
    createdAt: createdAt(),
    /** An upload removed by staff: the row stays (audit), the list and downloads no longer offer it. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check("documents_kind", sql`${t.kind} in (${sql.raw(DOCUMENT_KINDS.map((k) => `'${k}'`).join(", "))})`),
    check("documents_created_by_type", sql`${t.createdByType} in ('admin', 'user', 'system')`),
    check("documents_version", sql`${t.version} >= 1`),
    uniqueIndex("documents_series_version_idx").on(t.seriesKey, t.version),
    // The list kit's default order and its filters (ADR 010).
    index("documents_created_at_id_idx").on(t.createdAt, t.id),
    index("documents_policy_idx").on(t.policyId, t.createdAt),
    index("documents_client_idx").on(t.clientId, t.createdAt),
    index("documents_kind_created_idx").on(t.kind, t.createdAt, t.id),
  ],
);

// ─── Report figures by day (ADR 034) ───────────────────────────────────────────────────
// Kept exact by the writes: triggers on recibos, policies and quotes (migration 0020) append each
// change's delta (the old row's contribution negative, the new one's positive); the daily run
// folds the deltas into one row per key (compactReportDays). Reports sum them, whatever their
// state, so a figure is right between two runs too. No unique key: deltas only ever insert, so
// concurrent writes never wait for each other.

/** Recibos by due day, line, kind, first or later term, status: how many and how much. */
export const reportReciboDays = pgTable(
  "report_recibo_days",
  {
    day: date("day").notNull(),
    lineCode: lineCodeEnum("line_code").notNull(),
    kind: reciboKindEnum("kind").notNull(),
    renewal: boolean("renewal").notNull(),
    status: reciboStatusEnum("status").notNull(),
    recibos: integer("recibos").notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
  },
  (t) => [index("report_recibo_days_day_idx").on(t.day)],
);

/**
 * Contracts by the day they started (first term's start) or stopped (a cancellation's effect, a
 * vencida's end), line and plan. `reason`: the cancellation reason, or vencida_<who stopped it>.
 */
export const reportContractDays = pgTable(
  "report_contract_days",
  {
    day: date("day").notNull(),
    lineCode: lineCodeEnum("line_code").notNull(),
    planCode: text("plan_code").notNull(),
    reason: text("reason"),
    starts: integer("starts").notNull(),
    stops: integer("stops").notNull(),
    startCents: bigint("start_cents", { mode: "number" }).notNull(),
    stopCents: bigint("stop_cents", { mode: "number" }).notNull(),
    /** Contracts that ended this day for `reason` (a cancellation before the start stops nothing in force but is one). */
    ended: integer("ended").notNull(),
    endedCents: bigint("ended_cents", { mode: "number" }).notNull(),
  },
  (t) => [index("report_contract_days_day_idx").on(t.day)],
);

/** Quotes by the Madrid day they were made, line and channel, and how many of them are contracted. */
export const reportQuoteDays = pgTable(
  "report_quote_days",
  {
    day: date("day").notNull(),
    lineCode: lineCodeEnum("line_code").notNull(),
    phone: boolean("phone").notNull(),
    quotes: integer("quotes").notNull(),
    contracted: integer("contracted").notNull(),
  },
  (t) => [index("report_quote_days_day_idx").on(t.day)],
);

// ─── Row types ─────────────────────────────────────────────────────────────────────────

export type Permission = typeof permissions.$inferSelect;
export type NewPermission = typeof permissions.$inferInsert;
export type Role = typeof roles.$inferSelect;
export type NewRole = typeof roles.$inferInsert;
export type AdminUser = typeof adminUsers.$inferSelect;
export type NewAdminUser = typeof adminUsers.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type RevokedToken = typeof revokedTokens.$inferSelect;
export type LoginAttempt = typeof loginAttempts.$inferSelect;
export type NewLoginAttempt = typeof loginAttempts.$inferInsert;
export type Client = typeof clients.$inferSelect;
export type NewClient = typeof clients.$inferInsert;
export type ProductLineRow = typeof productLines.$inferSelect;
export type NewProductLineRow = typeof productLines.$inferInsert;
export type Plan = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type Guarantee = typeof guarantees.$inferSelect;
export type NewGuarantee = typeof guarantees.$inferInsert;
export type GuaranteePrice = typeof guaranteePrices.$inferSelect;
export type PlanGuarantee = typeof planGuarantees.$inferSelect;
export type NewPlanGuarantee = typeof planGuarantees.$inferInsert;
export type Tariff = typeof tariffs.$inferSelect;
export type NewTariff = typeof tariffs.$inferInsert;
export type Quote = typeof quotes.$inferSelect;
export type NewQuote = typeof quotes.$inferInsert;
export type Policy = typeof policies.$inferSelect;
export type NewPolicy = typeof policies.$inferInsert;
export type Recibo = typeof recibos.$inferSelect;
export type NewRecibo = typeof recibos.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type Consent = typeof consents.$inferSelect;
export type NewConsent = typeof consents.$inferInsert;
export type OutboxEmail = typeof outboxEmails.$inferSelect;
export type NewOutboxEmail = typeof outboxEmails.$inferInsert;
export type PipelineLead = typeof pipelineLeads.$inferSelect;
export type NewPipelineLead = typeof pipelineLeads.$inferInsert;
export type ClientStageChange = typeof clientStageChanges.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
export type Setting = typeof settings.$inferSelect;
export type PolicyHistoryEntry = typeof policyHistory.$inferSelect;
export type Endorsement = typeof endorsements.$inferSelect;
export type NewEndorsement = typeof endorsements.$inferInsert;
export type NewPolicyHistoryEntry = typeof policyHistory.$inferInsert;
export type LifecycleRun = typeof lifecycleRuns.$inferSelect;
export type LifecycleJob = typeof lifecycleJobs.$inferSelect;
export type CheckoutClaim = typeof checkoutClaims.$inferSelect;
export type Note = typeof notes.$inferSelect;
export type NewSetting = typeof settings.$inferInsert;
export type SettingVersionRow = typeof settingVersions.$inferSelect;
export type SepaMandate = typeof sepaMandates.$inferSelect;
export type Remittance = typeof remittances.$inferSelect;
export type RemittanceItem = typeof remittanceItems.$inferSelect;
export type ReciboReturn = typeof reciboReturns.$inferSelect;
export type ChargeAttempt = typeof chargeAttempts.$inferSelect;
export type GatewayCharge = typeof gatewayCharges.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type StoredDocumentRow = typeof documents.$inferSelect;
export type NewStoredDocumentRow = typeof documents.$inferInsert;

/**
 * The versions staff saved of each e-mail template (ADR 040), append-only: the one in force is the
 * highest version of its key, else the code's default (email-template-catalogue.ts). Going back to
 * the default writes a new version equal to it, so the history stays whole.
 */
export const emailTemplateVersions = pgTable(
  "email_template_versions",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    version: integer("version").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Who saved it: the admin's e-mail as the audit log names them. */
    who: text("who").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [unique("email_template_versions_key_version_unique").on(t.key, t.version)],
);
export type EmailTemplateVersionRow = typeof emailTemplateVersions.$inferSelect;
