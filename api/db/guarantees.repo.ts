// Data access for the back office's guarantee catalogue (ADR 016): the list (ADR 010), one
// guarantee with its price versions and audit, and the writes (create, edit, links to plans, a new
// price version, activate and deactivate). Routes call these inside their transaction.
import { and, asc, desc, eq, inArray, max, or, sql, type SQL } from "drizzle-orm";
import {
  type GuaranteeAuditEntry,
  type GuaranteeDetail,
  type GuaranteeExportQuery,
  type GuaranteeListQuery,
  type GuaranteePriceType,
  type GuaranteePriceVersionView,
  type GuaranteeRow,
  type GuaranteeSortKey,
} from "../contract/guarantees";
import { AUDIT_ACTIONS, type AuditAction } from "../contract/vocabulary";
import type { LineCode } from "../domain/catalogue";
import { priceInForce, scheduledPrices, type GuaranteePriceVersion } from "../domain/guarantee-prices";
import type { DbOrTx, Transaction } from "./client";
import { cappedCount, foldedContains, keysetBatches, keysetColumns, listPage, pageIds, type SortMap } from "./list";
import { adminUsers, auditLog, guaranteePrices, guarantees, planGuarantees, plans, type Guarantee } from "./schema";
import { readTogether } from "./reads-together";

const iso = (date: Date) => date.toISOString();

// ─── The list ────────────────────────────────────────────────────────────────────────────

/**
 * Policies not yet ended (pendiente de pago, en vigor, suspendida) of the guarantee's line that
 * carry it: contracted as an optional, or included in their plan as the catalogue stands. A
 * correlated count per row of the page. Written out with the table's name: Drizzle leaves the
 * outer columns unqualified in a one-table select, and inside the subquery they would read as the
 * policy's own.
 */
const carriedBy = (select: string) =>
  sql.raw(`(select ${select} from policies p where p.line_code = guarantees.line_code and p.status in ('pendiente_pago', 'en_vigor', 'suspendida')
    and (p.optional_guarantees @> jsonb_build_array(guarantees.code)
      or exists (select 1 from plan_guarantees pg join plans pl on pl.id = pg.plan_id
        where pg.guarantee_id = guarantees.id and pg.included and pl.code = p.plan_code)))`);
const livePolicies = sql<number>`${carriedBy("count(*)::int")}`;

const rowColumns = {
  id: guarantees.id,
  line: guarantees.lineCode,
  code: guarantees.code,
  name: guarantees.name,
  limitText: guarantees.limitText,
  limitCents: guarantees.limitCents,
  deductibleCents: guarantees.deductibleCents,
  waitingDays: guarantees.waitingDays,
  active: guarantees.active,
  livePolicies,
};
type BaseRow = {
  id: number;
  line: LineCode;
  code: string;
  name: string;
  limitText: string | null;
  limitCents: number | null;
  deductibleCents: number;
  waitingDays: number;
  active: boolean;
  livePolicies: number;
};

// guarantees_line_sort_idx (line_code, sort_order, id), guarantees_code_idx, guarantees_name_idx.
const SORTS: SortMap<GuaranteeSortKey> = {
  line: [
    { expr: guarantees.lineCode, type: "line_code" },
    { expr: guarantees.sortOrder, type: "integer" },
    { expr: guarantees.id, type: "integer" },
  ],
  code: [
    { expr: guarantees.code, type: "text" },
    { expr: guarantees.id, type: "integer" },
  ],
  name: [
    { expr: guarantees.name, type: "text" },
    { expr: guarantees.id, type: "integer" },
  ],
};

function whereOf(query: GuaranteeExportQuery): SQL | undefined {
  // The catalogue is a few dozen rows: a folded LIKE over code and name reads it whole, cheaply.
  return and(
    query.q ? or(foldedContains(guarantees.code, query.q), foldedContains(guarantees.name, query.q)) : undefined,
    query.line ? eq(guarantees.lineCode, query.line) : undefined,
    query.state === "activa" ? eq(guarantees.active, true) : query.state === "inactiva" ? eq(guarantees.active, false) : undefined,
  );
}

type PlanRef = { code: string; name: string };
type Extras = { links: Map<number, { includedIn: PlanRef[]; optionalIn: PlanRef[] }>; prices: Map<number, PriceRow[]> };
type PriceRow = GuaranteePriceVersion & { guaranteeId: number; createdBy: string | null; createdAt: Date };

/** The plans and price versions of these guarantees, for their rows. */
async function extrasOf(db: DbOrTx, ids: number[]): Promise<Extras> {
  if (ids.length === 0) return { links: new Map(), prices: new Map() };
  const [linkRows, priceRows] = await readTogether(
    db,
    () =>
      db
        .select({ guaranteeId: planGuarantees.guaranteeId, included: planGuarantees.included, code: plans.code, name: plans.name })
        .from(planGuarantees)
        .innerJoin(plans, eq(plans.id, planGuarantees.planId))
        .where(inArray(planGuarantees.guaranteeId, ids))
        .orderBy(asc(plans.sortOrder), asc(plans.id)),
    () =>
      db
        .select({
          guaranteeId: guaranteePrices.guaranteeId,
          version: guaranteePrices.version,
          priceType: guaranteePrices.priceType,
          priceValue: guaranteePrices.priceValue,
          validFrom: guaranteePrices.validFrom,
          createdBy: adminUsers.email,
          createdAt: guaranteePrices.createdAt,
        })
        .from(guaranteePrices)
        .leftJoin(adminUsers, eq(adminUsers.id, guaranteePrices.createdByAdminId))
        .where(inArray(guaranteePrices.guaranteeId, ids))
        .orderBy(desc(guaranteePrices.version)),
  );
  const links: Extras["links"] = new Map();
  for (const link of linkRows) {
    const entry = links.get(link.guaranteeId) ?? { includedIn: [], optionalIn: [] };
    (link.included ? entry.includedIn : entry.optionalIn).push({ code: link.code, name: link.name });
    links.set(link.guaranteeId, entry);
  }
  const prices: Extras["prices"] = new Map();
  for (const price of priceRows) prices.set(price.guaranteeId, [...(prices.get(price.guaranteeId) ?? []), price]);
  return { links, prices };
}

function toRow(base: BaseRow, extras: Extras, today: string): GuaranteeRow {
  const versions = extras.prices.get(base.id) ?? [];
  const current = priceInForce(versions, today);
  const next = scheduledPrices(versions, today)[0];
  const links = extras.links.get(base.id) ?? { includedIn: [], optionalIn: [] };
  return {
    ...base,
    livePolicies: Number(base.livePolicies),
    ...links,
    price: current ? { priceType: current.priceType, priceValue: current.priceValue } : { priceType: "fixed", priceValue: 0 },
    nextPrice: next ? { priceType: next.priceType, priceValue: next.priceValue, validFrom: next.validFrom } : null,
  };
}

async function withExtras(db: DbOrTx, rows: BaseRow[], today: string): Promise<GuaranteeRow[]> {
  const extras = await extrasOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRow(row, extras, today));
}

const guaranteeRows = <Extra extends Record<string, SQL>>(db: DbOrTx, where: SQL | undefined, extra: Extra = {} as Extra) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(guarantees)
    .where(where);

/** One page of the catalogue; prices are those in force on `today` (aaaa-mm-dd, Madrid). */
export async function listGuarantees(db: DbOrTx, query: GuaranteeListQuery, today: string) {
  const where = whereOf(query);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) =>
      withExtras(
        db,
        await guaranteeRows(db, inArray(guarantees.id, pageIds(db, guarantees, guarantees.id, where, orderBy, limit, offset))).orderBy(...orderBy),
        today,
      ),
    count: () => cappedCount(db, guarantees, where),
    rowsFirst: Boolean(query.q),
  });
}

/** Every guarantee matching the list's filters, in its order, in batches (the CSV export). */
export async function* guaranteeExportBatches(db: DbOrTx, query: GuaranteeExportQuery, today: string): AsyncGenerator<GuaranteeRow[]> {
  const where = whereOf(query);
  const keys = keysetColumns(SORTS, query.sort);
  const read = (after: SQL | undefined, orderBy: SQL[], limit: number) =>
    guaranteeRows(db, and(where, after), keys)
      .orderBy(...orderBy)
      .limit(limit);
  for await (const rows of keysetBatches(SORTS, query.sort, query.dir, 500, read)) yield withExtras(db, rows, today);
}

// ─── One guarantee ──────────────────────────────────────────────────────────────────────

const HISTORY_LIMIT = 50;

export async function loadGuaranteeDetail(db: DbOrTx, id: number, today: string): Promise<GuaranteeDetail | null> {
  const [base] = await guaranteeRows(db, eq(guarantees.id, id));
  if (!base) return null;
  const [[own], extras, audit] = await readTogether(
    db,
    () => db.select().from(guarantees).where(eq(guarantees.id, id)),
    () => extrasOf(db, [id]),
    () =>
      db
        .select({ at: auditLog.at, action: auditLog.action, actorLabel: auditLog.actorLabel, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "guarantee"), eq(auditLog.entityId, String(id))))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(HISTORY_LIMIT),
  );
  const linePlans = await db
    .select({ code: plans.code, name: plans.name })
    .from(plans)
    .where(eq(plans.lineCode, base.line))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
  const versions = extras.prices.get(id) ?? [];
  const current = priceInForce(versions, today);
  const prices: GuaranteePriceVersionView[] = versions.map((v) => ({
    version: v.version,
    priceType: v.priceType,
    priceValue: v.priceValue,
    validFrom: v.validFrom,
    createdBy: v.createdBy,
    createdAt: iso(v.createdAt),
    status: v === current ? "vigente" : v.validFrom > today ? "programado" : "anterior",
  }));
  const history: GuaranteeAuditEntry[] = audit.map((row) => ({
    at: iso(row.at),
    action: row.action,
    label: AUDIT_ACTIONS[row.action as AuditAction] ?? row.action,
    actorLabel: row.actorLabel,
    before: row.before ?? undefined,
    after: row.after ?? undefined,
  }));
  return {
    ...toRow(base as BaseRow, extras, today),
    description: own!.description,
    hint: own!.hint,
    createdAt: iso(own!.createdAt),
    updatedAt: iso(own!.updatedAt),
    today,
    linePlans,
    prices,
    history,
  };
}

// ─── Writes ─────────────────────────────────────────────────────────────────────────────

/** The guarantee locked for the rest of the transaction, so concurrent changes of it wait. */
export async function lockGuarantee(tx: Transaction, id: number): Promise<Guarantee | null> {
  const [row] = await tx.select().from(guarantees).where(eq(guarantees.id, id)).for("update");
  return row ?? null;
}

export async function guaranteeCodeTaken(tx: DbOrTx, line: LineCode, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: guarantees.id })
    .from(guarantees)
    .where(and(eq(guarantees.lineCode, line), eq(guarantees.code, code)));
  return Boolean(row);
}

/** The line's plans by code (every plan, active or not). */
export async function linePlanIds(tx: DbOrTx, line: LineCode): Promise<Map<string, number>> {
  const rows = await tx.select({ id: plans.id, code: plans.code }).from(plans).where(eq(plans.lineCode, line));
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The plan codes that include and that offer the guarantee now. */
export async function planLinksOf(tx: DbOrTx, id: number): Promise<{ includedIn: string[]; optionalIn: string[] }> {
  const rows = await tx
    .select({ code: plans.code, included: planGuarantees.included })
    .from(planGuarantees)
    .innerJoin(plans, eq(plans.id, planGuarantees.planId))
    .where(eq(planGuarantees.guaranteeId, id))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
  return { includedIn: rows.filter((r) => r.included).map((r) => r.code), optionalIn: rows.filter((r) => !r.included).map((r) => r.code) };
}

/** Replaces the guarantee's links to plans (plan ids resolved by the caller). */
export async function setPlanLinks(tx: Transaction, id: number, included: number[], optional: number[]): Promise<void> {
  await tx.delete(planGuarantees).where(eq(planGuarantees.guaranteeId, id));
  const links = [
    ...included.map((planId) => ({ planId, guaranteeId: id, included: true })),
    ...optional.map((planId) => ({ planId, guaranteeId: id, included: false })),
  ];
  if (links.length > 0) await tx.insert(planGuarantees).values(links);
}

export type GuaranteeValues = {
  line: LineCode;
  code: string;
  name: string;
  description: string;
  hint: string | null;
  limitText: string | null;
  limitCents: number | null;
  deductibleCents: number;
  waitingDays: number;
  active: boolean;
};

/** A new guarantee, last in its line's order. */
export async function insertGuarantee(tx: Transaction, values: GuaranteeValues, now: Date): Promise<Guarantee> {
  const [last] = await tx
    .select({ n: max(guarantees.sortOrder) })
    .from(guarantees)
    .where(eq(guarantees.lineCode, values.line));
  const [row] = await tx
    .insert(guarantees)
    .values({ ...values, lineCode: values.line, sortOrder: (last?.n ?? 0) + 1, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export type GuaranteePatch = Partial<
  Pick<Guarantee, "name" | "description" | "hint" | "limitText" | "limitCents" | "deductibleCents" | "waitingDays" | "active">
>;

export async function updateGuarantee(tx: Transaction, id: number, patch: GuaranteePatch, now: Date): Promise<void> {
  await tx
    .update(guarantees)
    .set({ ...patch, updatedAt: now })
    .where(eq(guarantees.id, id));
}

/** A new price version (the next number), in force from `validFrom`. */
export async function insertPriceVersion(
  tx: Transaction,
  values: { guaranteeId: number; priceType: GuaranteePriceType; priceValue: number; validFrom: string; adminId: number | null; now: Date },
): Promise<number> {
  const [last] = await tx
    .select({ n: max(guaranteePrices.version) })
    .from(guaranteePrices)
    .where(eq(guaranteePrices.guaranteeId, values.guaranteeId));
  const version = (last?.n ?? 0) + 1;
  await tx.insert(guaranteePrices).values({
    guaranteeId: values.guaranteeId,
    version,
    priceType: values.priceType,
    priceValue: values.priceValue,
    validFrom: values.validFrom,
    createdByAdminId: values.adminId,
    createdAt: values.now,
  });
  return version;
}
