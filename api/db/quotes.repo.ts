// Data access for quotes: storing, reading, listing and claiming them (the rating tables they are
// priced with are in rating-tables.repo.ts). A `cotizada` quote past its validUntil is marked
// `caducada` when it is next read (lazily, with an audit row), so no scheduler is needed.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { LineCode } from "../domain/catalogue";
import { withFactorSteps, type PricedPlan } from "../domain/rating";
import { auditRow, writeAudit, type AuditWrite } from "./audit";
import type { Database } from "./client";
import { premiumTotalInForce } from "./endorsements.repo";
import { auditLog, plans, policies, quotes, type QuoteStatus } from "./schema";
import type { QuoteListQuery, QuoteSortKey } from "../contract/quotes";
import { cappedCount, listPage, pageIds, type SortMap } from "./list";

// ─── Owner tokens of anonymous quotes ──────────────────────────────────────────────────

/** A fresh secret for an anonymous quote: 32 random bytes, base64url. Never stored. */
export function generateOwnerToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What quotes.session_id holds: the SHA-256 (hex) of the owner token. */
export function hashOwnerToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

// ─── Quotes ─────────────────────────────────────────────────────────────────────────────

export type StoredQuote = {
  id: string;
  line: LineCode;
  status: QuoteStatus;
  inputs: Record<string, unknown>;
  plans: PricedPlan[];
  userId: number | null;
  ownerTokenHash: string | null;
  /** The staff member who made it for a customer on the phone; null on the web. */
  madeByAdminId: number | null;
  validUntil: Date;
  createdAt: Date;
};

const quoteColumns = {
  id: quotes.id,
  line: quotes.lineCode,
  status: quotes.status,
  inputs: quotes.inputs,
  offers: quotes.offers,
  userId: quotes.userId,
  ownerTokenHash: quotes.sessionId,
  madeByAdminId: quotes.madeByAdminId,
  validUntil: quotes.validUntil,
  createdAt: quotes.createdAt,
};

function toStoredQuote({ offers, ...row }: Omit<StoredQuote, "plans"> & { offers: unknown }): StoredQuote {
  // Offers stored before the explanation had running amounts read with them (withFactorSteps).
  return { ...row, plans: (offers as PricedPlan[]).map(withFactorSteps) };
}

export type NewQuoteWrite = {
  line: LineCode;
  inputs: Record<string, unknown>;
  plans: PricedPlan[];
  userId: number | null;
  ownerTokenHash: string | null;
  /** Staff quoting for a customer on the phone. */
  madeByAdminId?: number | null;
  createdAt: Date;
  validUntil: Date;
  audit: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;
};

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The quote insert as a data-modifying CTE under its audit row's insert: one statement, atomic
 * like a transaction, without PGlite's BEGIN and COMMIT round trips. Prepared once per database
 * (the busiest write of the site; building it took a tenth of the request's time).
 */
function buildInsertQuote(db: Database) {
  const created = db.$with("created_quote").as(
    db
      .insert(quotes)
      .values({
        id: placeholder("id"),
        lineCode: placeholder("lineCode"),
        status: "cotizada",
        inputs: placeholder("inputs"),
        offers: placeholder("offers"),
        userId: placeholder("userId"),
        sessionId: placeholder("sessionId"),
        madeByAdminId: placeholder("madeByAdminId"),
        validUntil: placeholder("validUntil"),
        bestPrice: placeholder("bestPrice"),
        createdAt: placeholder("createdAt"),
        updatedAt: placeholder("createdAt"),
      })
      .returning({ id: quotes.id }),
  );
  return db
    .with(created)
    .insert(auditLog)
    .values({
      actorType: placeholder("actorType"),
      actorId: placeholder("actorId"),
      actorLabel: placeholder("actorLabel"),
      action: placeholder("action"),
      entity: placeholder("entity"),
      entityId: placeholder("entityId"),
      ip: placeholder("ip"),
      before: placeholder("before"),
      after: placeholder("after"),
      at: placeholder("at"),
    })
    .prepare("insert_quote");
}

const insertQuoteStatements = new WeakMap<Database, ReturnType<typeof buildInsertQuote>>();

function preparedInsertQuote(db: Database) {
  let statement = insertQuoteStatements.get(db);
  if (!statement) {
    statement = buildInsertQuote(db);
    insertQuoteStatements.set(db, statement);
  }
  return statement;
}

/** The lowest yearly total among the plans (cents), or null without plans: what lists show. */
export function bestYearlyTotal(plans: PricedPlan[]): number | null {
  const totals = plans.map((plan) => plan.prices.anual.total);
  return totals.length > 0 ? Math.min(...totals) : null;
}

/** Stores a priced quote (status cotizada) with its audit row, atomically (one statement). */
export async function insertQuote(db: Database, quote: NewQuoteWrite): Promise<StoredQuote> {
  // The id is made here so nothing has to come back from the insert: returning the offers (a few
  // KB of JSON per quote) would be parsed again for nothing on the busiest write of the site.
  const stored: StoredQuote = {
    id: randomUUID(),
    line: quote.line,
    status: "cotizada",
    inputs: quote.inputs,
    plans: quote.plans,
    userId: quote.userId,
    ownerTokenHash: quote.ownerTokenHash,
    madeByAdminId: quote.madeByAdminId ?? null,
    validUntil: quote.validUntil,
    createdAt: quote.createdAt,
  };
  await preparedInsertQuote(db).execute({
    id: stored.id,
    lineCode: stored.line,
    inputs: stored.inputs,
    offers: stored.plans,
    userId: stored.userId,
    sessionId: stored.ownerTokenHash,
    madeByAdminId: stored.madeByAdminId,
    validUntil: stored.validUntil,
    bestPrice: bestYearlyTotal(stored.plans),
    createdAt: stored.createdAt,
    ...auditRow({
      ...quote.audit,
      action: "quote.created",
      entity: "quote",
      entityId: stored.id,
      at: quote.createdAt,
      after: {
        line: quote.line,
        status: "cotizada",
        validUntil: quote.validUntil.toISOString(),
        plans: quote.plans.map((p) => p.code),
        anonymous: quote.userId === null,
        ...(stored.madeByAdminId !== null ? { channel: "telefono" } : {}),
      },
    }),
  });
  return stored;
}

/** A quote due to expire: still cotizada, its validUntil before `now`. */
const dueToExpire = (now: Date) => and(eq(quotes.status, "cotizada"), lt(quotes.validUntil, now));

/**
 * Marks as caducada the cotizada quotes matching `scope` whose validUntil is before `now`, each
 * with a system audit row. Returns how many changed.
 */
async function expireQuotes(db: Database, scope: SQL | undefined, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(quotes)
      .set({ status: "caducada", updatedAt: now })
      .where(and(dueToExpire(now), scope))
      .returning({ id: quotes.id, validUntil: quotes.validUntil });
    for (const quote of expired) {
      await writeAudit(tx, {
        actorType: "system",
        actorLabel: "quote-expiry",
        action: "quote.expired",
        entity: "quote",
        entityId: quote.id,
        at: now,
        before: { status: "cotizada" },
        after: { status: "caducada", validUntil: quote.validUntil.toISOString() },
      });
    }
    return expired.length;
  });
}

/** The quote with this id (after expiring it if due), or null. `id` must be a UUID. */
export async function findQuote(db: Database, id: string, now: Date): Promise<StoredQuote | null> {
  const read = async () => {
    const [row] = await db.select(quoteColumns).from(quotes).where(eq(quotes.id, id));
    return row ? toStoredQuote(row) : null;
  };
  const quote = await read();
  // Read first: a quote still valid (nearly every read: /results, /checkout) costs one statement,
  // not a transaction with an UPDATE. One due is expired with its audit row and read again, since
  // another request may have bought it in between.
  if (!quote || quote.status !== "cotizada" || quote.validUntil.getTime() >= now.getTime()) return quote;
  await expireQuotes(db, eq(quotes.id, id), now);
  return read();
}

export type QuoteSummaryRow = {
  id: string;
  line: LineCode;
  status: QuoteStatus;
  validUntil: Date;
  createdAt: Date;
  bestPrice: number | null;
  inputs: Record<string, unknown>;
  contracted: { policyId: number; policyNumber: string; planName: string; premiumTotal: number } | null;
};

// Each sort ends in the id; every key is read within one visitor's quotes (quotes_user_created_idx).
const SORTS: SortMap<QuoteSortKey> = {
  createdAt: [
    { expr: quotes.createdAt, type: "timestamptz" },
    { expr: quotes.id, type: "text" },
  ],
  bestPrice: [
    { expr: sql`coalesce(${quotes.bestPrice}, 0)`, type: "integer" },
    { expr: quotes.createdAt, type: "timestamptz" },
    { expr: quotes.id, type: "text" },
  ],
  validUntil: [
    { expr: quotes.validUntil, type: "timestamptz" },
    { expr: quotes.id, type: "text" },
  ],
};

/** A visitor's quotes, a page at a time, each with its cheapest yearly total (cents) as stored and the policy bought with it. */
export async function listUserQuotes(db: Database, userId: number, query: QuoteListQuery, now: Date) {
  // Read first, as findQuote does (it has the quote in hand, so it checks it there): most views
  // find nothing to expire and then open no transaction.
  const [due] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.userId, userId), dueToExpire(now)))
    .limit(1);
  if (due) await expireQuotes(db, eq(quotes.userId, userId), now);
  const where = and(
    eq(quotes.userId, userId),
    query.line ? eq(quotes.lineCode, query.line) : undefined,
    query.status ? eq(quotes.status, query.status) : undefined,
  );
  return listPage(query, SORTS, {
    // The page's ids first (a walk of quotes_user_created_idx), then the policy bought with each:
    // joined before the OFFSET, every skipped quote had its policy looked up and its premium in force
    // computed (a visitor's page 200: 561 ms p50 at scale 5).
    rows: async (orderBy, limit, offset): Promise<QuoteSummaryRow[]> => {
      const page = pageIds(db, quotes, quotes.id, where, orderBy, limit, offset);
      const rows = await db
        .select({
          id: quotes.id,
          line: quotes.lineCode,
          status: quotes.status,
          validUntil: quotes.validUntil,
          createdAt: quotes.createdAt,
          bestPrice: quotes.bestPrice,
          inputs: quotes.inputs,
          policyId: policies.id,
          policyNumber: policies.number,
          planName: plans.name,
          premiumTotal: premiumTotalInForce,
        })
        .from(quotes)
        // One policy per quote at most (a contracted quote cannot be bought again).
        .leftJoin(policies, eq(policies.quoteId, quotes.id))
        .leftJoin(plans, and(eq(plans.lineCode, policies.lineCode), eq(plans.code, policies.planCode)))
        .where(inArray(quotes.id, page))
        .orderBy(...orderBy);
      return rows.map(({ policyId, policyNumber, planName, premiumTotal, ...row }) => ({
        ...row,
        inputs: (row.inputs ?? {}) as Record<string, unknown>,
        contracted:
          policyId !== null && policyNumber !== null && premiumTotal !== null
            ? { policyId, policyNumber, planName: planName ?? "", premiumTotal }
            : null,
      }));
    },
    count: () => cappedCount(db, quotes, where),
    // A visitor's quotes mostly fit in one page, which tells their number.
    rowsFirst: true,
  });
}

/**
 * Gives the visitor every anonymous quote whose owner token hash is among `tokenHashes` and that
 * no account holds yet. The hash is cleared: from then on only the account reads the quote.
 */
export async function claimQuotes(
  db: Database,
  userId: number,
  tokenHashes: string[],
  audit: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">,
  now: Date,
): Promise<number> {
  if (tokenHashes.length === 0) return 0;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(quotes)
      .set({ userId, sessionId: null, updatedAt: now })
      .where(and(inArray(quotes.sessionId, tokenHashes), isNull(quotes.userId)))
      .returning({ id: quotes.id });
    for (const quote of claimed) {
      await writeAudit(tx, { ...audit, action: "quote.claimed", entity: "quote", entityId: quote.id, at: now, after: { userId } });
    }
    return claimed.length;
  });
}
