// Data access for policies: the checkout's writes (client, policy, recibos, payment, consents),
// policy numbers, the read model that /me/policies/{id} and the policy documents share, and the
// paged summaries of /me/policies. The plan and guarantees of a policy are read from the quote's
// frozen offer (what was contracted), not from the catalogue, which staff may have changed since.
import { and, asc, desc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ConsentPurpose, Policyholder } from "../contract/checkout";
import type { SiteInfo } from "../contract/site";
import type { SalesChannel } from "../contract/vocabulary";
import type { PricedPlan } from "../domain/rating";
import { withdrawalUntil } from "../domain/calendar";
import { readInsurerInfo, readInsurersByLine, type InsurerInfo, type InsurersByLine } from "../domain/insurer";
import { pageOffset, type PaginationQuery } from "../contract/list-query";
import { readDistributor } from "./catalogue.repo";
import { endorsementsOfPolicies, premiumTotalInForce } from "./endorsements.repo";
import type { DbOrTx } from "./client";
import { cappedCount } from "./list";
import {
  clients,
  consents,
  guarantees as guaranteesTable,
  payments,
  planGuarantees,
  plans,
  policies,
  productLines,
  quotes,
  recibos,
  settings,
  type LineCode,
  type PaymentFrequency,
  type PaymentMethod,
  type PolicyStatus,
  type EndorsedGuarantee,
  type ReciboKind,
  type ReciboStatus,
} from "./schema";

// ─── Locks ──────────────────────────────────────────────────────────────────────────────

// Two-key advisory locks (their key space is apart from the one-key locks of migrations and seed).
const LOCK_CHECKOUT_KEY = 40_320;
const LOCK_CLIENT_NIF = 40_321;
const LOCK_POLICY_NUMBER = 40_322;

/** Serialises writes of a client with this NIF (a checkout's upsert, a back-office edit) until the transaction ends. */
export async function lockClientNif(tx: DbOrTx, nif: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLIENT_NIF}, hashtext(${nif}))`);
}

/** Serialises checkouts carrying the same idempotency key until the transaction ends. */
export async function lockCheckoutKey(tx: DbOrTx, idempotencyKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CHECKOUT_KEY}, hashtext(${idempotencyKey}))`);
}

// ─── Policy numbers ─────────────────────────────────────────────────────────────────────

export const POLICY_NUMBER_PREFIX = "COT";

export function formatPolicyNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 999_999) throw new RangeError(`Policy sequence out of range: ${sequence}`);
  return `${POLICY_NUMBER_PREFIX}-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of the year, COT-YYYY-NNNNNN: the highest of the year plus one. The lock is
 * held until the transaction commits, so two checkouts never take the same number.
 */
export async function nextPolicyNumber(tx: DbOrTx, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_POLICY_NUMBER}, ${year})`);
  const prefix = `${POLICY_NUMBER_PREFIX}-${year}-`;
  const [row] = await tx
    .select({ last: sql<string | null>`max(${policies.number})` })
    .from(policies)
    .where(like(policies.number, `${prefix}%`));
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return formatPolicyNumber(year, last + 1);
}

// ─── Client (tomador) ───────────────────────────────────────────────────────────────────

export type ClientOutcome =
  { kind: "created" | "updated"; id: number; userId: number | null; before: Record<string, unknown> | null } | { kind: "other_account" };

/**
 * The client with this NIF, updated with the data just given, or a new one.
 * - On the web (`account`: the visitor's id and e-mail) the client becomes the visitor's; a client
 *   of that NIF held by another account is not touched (the caller refuses the checkout).
 * - By phone (`account` null) the client keeps whatever account it has, and its e-mail unless
 *   staff give one.
 */
/** Whether the NIF is a client of another visitor account than `userId` (upsertClient would refuse it). Reads only. */
export async function nifOfOtherAccount(tx: DbOrTx, nif: string, userId: number): Promise<boolean> {
  const [existing] = await tx.select({ userId: clients.userId }).from(clients).where(eq(clients.nif, nif));
  return !!existing && existing.userId !== null && existing.userId !== userId;
}

export async function upsertClient(
  tx: DbOrTx,
  args: { account: { userId: number; email: string } | null; email?: string | null; holder: Policyholder; at: Date },
): Promise<ClientOutcome> {
  await lockClientNif(tx, args.holder.nif);
  const [existing] = await tx.select().from(clients).where(eq(clients.nif, args.holder.nif));
  const email = args.account?.email ?? args.email ?? existing?.email ?? null;
  const userId = args.account?.userId ?? existing?.userId ?? null;
  const values = { ...args.holder, email, userId, stage: "activo" as const, updatedAt: args.at };
  if (!existing) {
    const [row] = await tx
      .insert(clients)
      .values({ ...values, createdAt: args.at })
      .returning({ id: clients.id });
    return { kind: "created", id: row!.id, userId, before: null };
  }
  if (args.account && existing.userId !== null && existing.userId !== args.account.userId) return { kind: "other_account" };
  await tx.update(clients).set(values).where(eq(clients.id, existing.id));
  const { name, phone, address, postalCode, city, birthDate, stage } = existing;
  return {
    kind: "updated",
    id: existing.id,
    userId,
    before: {
      name,
      phone,
      address,
      postalCode,
      city,
      birthDate,
      stage,
      userId: existing.userId,
      ...(existing.email !== email ? { email: existing.email } : {}),
    },
  };
}

// ─── Policy, recibos, payment, consents ──────────────────────────────────────────────────

export type NewPolicyWrite = {
  number: string;
  quoteId: string;
  clientId: number;
  userId: number | null;
  line: LineCode;
  planCode: string;
  startDate: string;
  endDate: string;
  frequency: PaymentFrequency;
  optionalGuarantees: string[];
  risk: Record<string, unknown>;
  premium: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };
  idempotencyKey: string;
  /** How the later recibos are charged (the provider's mandate; the IBAN for SEPA). */
  payment: { method: PaymentMethod; mandate: string | null; iban: string | null };
  channel: SalesChannel;
  at: Date;
};

export async function insertPolicy(tx: DbOrTx, p: NewPolicyWrite): Promise<number> {
  const [row] = await tx
    .insert(policies)
    .values({
      number: p.number,
      quoteId: p.quoteId,
      clientId: p.clientId,
      userId: p.userId,
      lineCode: p.line,
      planCode: p.planCode,
      status: "pendiente_pago",
      startDate: p.startDate,
      endDate: p.endDate,
      frequency: p.frequency,
      optionalGuarantees: p.optionalGuarantees,
      risk: p.risk,
      netPremiumCents: p.premium.net,
      fractionationSurchargeCents: p.premium.fractionation,
      consorcioCents: p.premium.consorcio,
      cleaCents: p.premium.clea,
      ipsCents: p.premium.ips,
      totalPremiumCents: p.premium.total,
      idempotencyKey: p.idempotencyKey,
      paymentMethod: p.payment.method,
      paymentMandate: p.payment.mandate,
      iban: p.payment.iban,
      channel: p.channel,
      createdAt: p.at,
      updatedAt: p.at,
    })
    .returning({ id: policies.id });
  return row!.id;
}

export async function insertRecibos(
  tx: DbOrTx,
  policyId: number,
  rows: ReadonlyArray<{ sequence: number; dueDate: string; amount: number }>,
  at: Date,
  term = 1,
): Promise<Array<{ id: number; sequence: number }>> {
  return tx
    .insert(recibos)
    .values(rows.map((r) => ({ policyId, term, sequence: r.sequence, dueDate: r.dueDate, amountCents: r.amount, createdAt: at, updatedAt: at })))
    .returning({ id: recibos.id, sequence: recibos.sequence });
}

export async function markReciboPaid(tx: DbOrTx, reciboId: number, at: Date): Promise<void> {
  await tx.update(recibos).set({ status: "cobrado", paidAt: at, updatedAt: at }).where(eq(recibos.id, reciboId));
}

export async function setPolicyStatus(tx: DbOrTx, policyId: number, status: PolicyStatus, at: Date): Promise<void> {
  await tx.update(policies).set({ status, updatedAt: at }).where(eq(policies.id, policyId));
}

export async function insertPayment(
  tx: DbOrTx,
  p: {
    policyId: number;
    reciboId: number | null;
    provider: string;
    method: PaymentMethod;
    methodLabel: string;
    amount: number;
    providerRef: string;
    at: Date;
    /** A refund is a row of its own, `reembolsado`. */
    status?: "aceptado" | "reembolsado";
  },
): Promise<number> {
  const [row] = await tx
    .insert(payments)
    .values({
      policyId: p.policyId,
      reciboId: p.reciboId,
      provider: p.provider,
      method: p.method,
      methodLabel: p.methodLabel,
      amountCents: p.amount,
      status: p.status ?? "aceptado",
      providerRef: p.providerRef,
      createdAt: p.at,
    })
    .returning({ id: payments.id });
  return row!.id;
}

export async function insertConsents(
  tx: DbOrTx,
  c: {
    userId: number | null;
    clientId: number;
    decisions: Record<ConsentPurpose, boolean>;
    /** On the web, the visitor's address; by phone, none and the staff member who recorded them. */
    given: { channel: "web"; ip: string | null } | { channel: "telefono"; recordedByAdminId: number };
    at: Date;
  },
): Promise<void> {
  const given =
    c.given.channel === "web"
      ? { channel: "web", ip: c.given.ip, recordedByAdminId: null }
      : { channel: "telefono", ip: null, recordedByAdminId: c.given.recordedByAdminId };
  await tx
    .insert(consents)
    .values(
      Object.entries(c.decisions).map(([purpose, granted]) => ({ userId: c.userId, clientId: c.clientId, purpose, granted, ...given, at: c.at })),
    );
}

/** The quote bought; its account is the buyer's (an anonymous quote checked out with its owner token becomes the visitor's). */
export async function markQuoteContracted(tx: DbOrTx, quoteId: string, userId: number | null, at: Date): Promise<void> {
  await tx.update(quotes).set({ status: "contratada", userId, sessionId: null, updatedAt: at }).where(eq(quotes.id, quoteId));
}

/** The quote, locked until the transaction ends (two checkouts of one quote run one after the other). */
export async function lockQuote(tx: DbOrTx, quoteId: string) {
  const rows = await tx
    .select({ id: quotes.id, status: quotes.status, userId: quotes.userId, sessionId: quotes.sessionId, validUntil: quotes.validUntil })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for("update");
  return rows[0] ?? null;
}

export async function findPolicyByIdempotencyKey(tx: DbOrTx, key: string) {
  const [row] = await tx
    .select({ id: policies.id, userId: policies.userId, quoteId: policies.quoteId })
    .from(policies)
    .where(eq(policies.idempotencyKey, key));
  return row ?? null;
}

// ─── Settings the documents need ─────────────────────────────────────────────────────

const WithdrawalSchema = z.object({
  withdrawal_days: z.number().int().min(0).max(365),
  withdrawal_lines: z.array(z.string()),
});
export type WithdrawalRules = { days: number; lines: string[] };

export async function readWithdrawalRules(db: DbOrTx): Promise<WithdrawalRules> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ["withdrawal_days", "withdrawal_lines"]));
  const parsed = WithdrawalSchema.safeParse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  // Without the settings nobody is told they may withdraw: the legal minimum still applies on request.
  return parsed.success ? { days: parsed.data.withdrawal_days, lines: parsed.data.withdrawal_lines } : { days: 14, lines: [] };
}

export type { InsurerInfo } from "../domain/insurer";

/**
 * The insurer of each line for new policies (setting "insurers"); a line without one falls back
 * to the single "insurer" setting of earlier releases, if any.
 */
export async function readInsurers(db: DbOrTx): Promise<InsurersByLine> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ["insurers", "insurer"]));
  const byLine = readInsurersByLine(rows.find((r) => r.key === "insurers")?.value);
  const legacy = readInsurerInfo(rows.find((r) => r.key === "insurer")?.value);
  if (!legacy) return byLine;
  return { auto: legacy, hogar: legacy, alquiler: legacy, ...byLine };
}

/** The insurer of this line's new policies, or null when none is configured. */
export async function readInsurer(db: DbOrTx, line: LineCode): Promise<InsurerInfo | null> {
  return (await readInsurers(db))[line] ?? null;
}

/** The insurer a policy names: the copy it kept when it was sold, else (older policies) the line's current one. */
export function policyInsurer(risk: Record<string, unknown>, line: LineCode, current: InsurersByLine): InsurerInfo | null {
  return readInsurerInfo(risk.insurer) ?? current[line] ?? null;
}

export type DocumentContext = { distributor: SiteInfo; insurers: InsurersByLine; withdrawal: WithdrawalRules };

export async function readDocumentContext(db: DbOrTx): Promise<DocumentContext> {
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const distributor = await readDistributor(db);
  const insurers = await readInsurers(db);
  const withdrawal = await readWithdrawalRules(db);
  return { distributor, insurers, withdrawal };
}

// ─── The policy read model ───────────────────────────────────────────────────────────

export type PolicyGuaranteeView = {
  code: string;
  name: string;
  description: string;
  limitText: string | null;
  kind: "incluida" | "opcional";
  priceCents: number | null;
  /** Added by a suplemento: in force from this date (null: contracted with the policy). */
  since: string | null;
};

/** A suplemento as the documents and Mi póliza show it (its row, read whole). */
export type PolicyEndorsementView = {
  id: number;
  version: number;
  term: number;
  effectiveDate: string;
  guarantees: EndorsedGuarantee[];
  remainingDays: number;
  termDays: number;
  price: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };
  /** The policy's yearly premium from this suplemento on (ADR 023); null for an old one of an earlier term. */
  annualPremium: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number } | null;
  reciboSequence: number | null;
  paymentMethod: PaymentMethod;
  channel: string;
  createdAt: Date;
};

export type PolicyView = {
  id: number;
  number: string;
  line: LineCode;
  lineName: string;
  status: PolicyStatus;
  plan: { code: string; name: string; deductibleCents: number };
  startDate: string;
  endDate: string;
  frequency: PaymentFrequency;
  createdAt: Date;
  quoteId: string | null;
  userId: number | null;
  policyholder: {
    name: string;
    nif: string | null;
    email: string | null;
    phone: string | null;
    address: string | null;
    postalCode: string | null;
    city: string | null;
    birthDate: string | null;
  };
  /** The insured risk: the quote's rating inputs and the insured object (without the insurer's copy). */
  risk: Record<string, unknown>;
  /** The insurer that carries the risk: the policy's copy from when it was sold, else the line's current one. */
  insurer: InsurerInfo | null;
  guarantees: PolicyGuaranteeView[];
  premium: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };
  /** `term`: the term (anualidad) the recibo belongs to. */
  recibos: Array<{ sequence: number; kind: ReciboKind; term: number; dueDate: string; amount: number; status: ReciboStatus; paidAt: Date | null }>;
  payment: { method: PaymentMethod; label: string | null } | null;
  withdrawal: { allowed: boolean; until: string | null };
  /** The term of the contract (1 at issue, one more at each renewal). */
  term: number;
  /** The suplementos, oldest first; the n-th makes version n + 1 of the particular conditions. */
  endorsements: PolicyEndorsementView[];
};

function guaranteesFromOffer(plan: PricedPlan, optional: readonly string[]): PolicyGuaranteeView[] {
  return [
    ...plan.guarantees.map((g) => ({ ...g, kind: "incluida" as const, priceCents: null, since: null })),
    ...plan.optionalGuarantees
      .filter((g) => optional.includes(g.code))
      .map((g) => ({
        code: g.code,
        name: g.name,
        description: g.description,
        limitText: g.limitText,
        kind: "opcional" as const,
        priceCents: g.priceCents,
        since: null,
      })),
  ];
}

/** A policy made without a quote: plan and guarantees as the catalogue holds them now. */
async function catalogueGuarantees(db: DbOrTx, line: LineCode, planCode: string, optional: readonly string[]) {
  const [plan] = await db
    .select({ id: plans.id, name: plans.name, deductibleCents: plans.deductibleCents })
    .from(plans)
    .where(and(eq(plans.lineCode, line), eq(plans.code, planCode)));
  const included = plan
    ? await db
        .select({
          code: guaranteesTable.code,
          name: guaranteesTable.name,
          description: guaranteesTable.description,
          limitText: guaranteesTable.limitText,
        })
        .from(planGuarantees)
        .innerJoin(guaranteesTable, eq(guaranteesTable.id, planGuarantees.guaranteeId))
        .where(and(eq(planGuarantees.planId, plan.id), eq(planGuarantees.included, true)))
        .orderBy(asc(guaranteesTable.sortOrder), asc(guaranteesTable.id))
    : [];
  const extra = optional.length
    ? await db
        .select({
          code: guaranteesTable.code,
          name: guaranteesTable.name,
          description: guaranteesTable.description,
          limitText: guaranteesTable.limitText,
        })
        .from(guaranteesTable)
        .where(and(eq(guaranteesTable.lineCode, line), inArray(guaranteesTable.code, [...optional])))
    : [];
  return {
    plan: { code: planCode, name: plan?.name ?? planCode, deductibleCents: plan?.deductibleCents ?? 0 },
    guarantees: [
      ...included.map((g) => ({ ...g, kind: "incluida" as const, priceCents: null, since: null })),
      ...extra.map((g) => ({ ...g, kind: "opcional" as const, priceCents: null, since: null })),
    ],
  };
}

/** Policies matching `where` (newest first) with everything /me/policies and the documents show. */
/** The policy's own row and its recibos in order (staff's view reads the lifecycle columns the PolicyView leaves out). */
export async function policyRowWithRecibos(db: DbOrTx, id: number) {
  const [row] = await db.select().from(policies).where(eq(policies.id, id));
  if (!row) return null;
  return { row, recibos: await db.select().from(recibos).where(eq(recibos.policyId, id)).orderBy(asc(recibos.sequence)) };
}

export async function loadPolicyViews(db: DbOrTx, where: { userId?: number; id?: number }): Promise<PolicyView[]> {
  const conditions: SQL[] = [];
  if (where.userId !== undefined) conditions.push(eq(policies.userId, where.userId));
  if (where.id !== undefined) conditions.push(eq(policies.id, where.id));
  const rows = await db
    .select({ policy: policies, client: clients, lineName: productLines.name })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .innerJoin(productLines, eq(productLines.code, policies.lineCode))
    .where(and(...conditions))
    .orderBy(desc(policies.createdAt), desc(policies.id));
  if (rows.length === 0) return [];

  const ids = rows.map((r) => r.policy.id);
  const quoteIds = [...new Set(rows.map((r) => r.policy.quoteId).filter((id): id is string => id !== null))];
  // Sequential on purpose: `db` may be a transaction (one connection, one query at a time).
  const reciboRows = await db
    .select({
      policyId: recibos.policyId,
      sequence: recibos.sequence,
      kind: recibos.kind,
      term: recibos.term,
      dueDate: recibos.dueDate,
      amount: recibos.amountCents,
      status: recibos.status,
      paidAt: recibos.paidAt,
      id: recibos.id,
    })
    .from(recibos)
    .where(inArray(recibos.policyId, ids))
    .orderBy(asc(recibos.sequence));
  const paymentRows = await db
    .select({ policyId: payments.policyId, method: payments.method, label: payments.methodLabel })
    .from(payments)
    .where(and(inArray(payments.policyId, ids), eq(payments.status, "aceptado")))
    .orderBy(asc(payments.id));
  const offerRows = quoteIds.length ? await db.select({ id: quotes.id, offers: quotes.offers }).from(quotes).where(inArray(quotes.id, quoteIds)) : [];
  const withdrawal = await readWithdrawalRules(db);
  const insurers = await readInsurers(db);
  const endorsementRows = await endorsementsOfPolicies(db, ids);

  const views: PolicyView[] = [];
  for (const { policy, client, lineName } of rows) {
    const endorsed = endorsementRows
      .filter((e) => e.policyId === policy.id)
      .map((e): PolicyEndorsementView => ({
        id: e.id,
        version: e.version,
        term: e.term,
        effectiveDate: e.effectiveDate,
        guarantees: e.guarantees,
        remainingDays: e.remainingDays,
        termDays: e.termDays,
        price: {
          net: e.netPremiumCents,
          fractionation: e.fractionationSurchargeCents,
          consorcio: e.consorcioCents,
          clea: e.cleaCents,
          ips: e.ipsCents,
          total: e.totalPremiumCents,
        },
        annualPremium: e.annualPremium ?? null,
        reciboSequence: reciboRows.find((r) => r.id === e.reciboId)?.sequence ?? null,
        paymentMethod: e.paymentMethod,
        channel: e.channel,
        createdAt: e.createdAt,
      }));
    // Guarantees a suplemento added are described as it priced them, from their date.
    const endorsedCodes = new Set(endorsed.flatMap((e) => e.guarantees.map((g) => g.code)));
    const contractedOptional = policy.optionalGuarantees.filter((code) => !endorsedCodes.has(code));
    const offers = offerRows.find((q) => q.id === policy.quoteId)?.offers as PricedPlan[] | undefined;
    const offered = offers?.find((p) => p.code === policy.planCode);
    const { plan, guarantees } = offered
      ? {
          plan: { code: offered.code, name: offered.name, deductibleCents: offered.deductibleCents },
          guarantees: guaranteesFromOffer(offered, contractedOptional),
        }
      : await catalogueGuarantees(db, policy.lineCode, policy.planCode, contractedOptional);
    for (const e of endorsed) {
      for (const g of e.guarantees) {
        guarantees.push({
          code: g.code,
          name: g.name,
          description: g.description,
          limitText: g.limitText,
          kind: "opcional",
          priceCents: g.yearlyCents,
          since: e.effectiveDate,
        });
      }
    }
    const payment = paymentRows.find((p) => p.policyId === policy.id);
    const allowed = withdrawal.lines.includes(policy.lineCode);
    views.push({
      id: policy.id,
      number: policy.number,
      line: policy.lineCode,
      lineName,
      status: policy.status,
      plan,
      startDate: policy.startDate,
      endDate: policy.endDate,
      frequency: policy.frequency,
      createdAt: policy.createdAt,
      quoteId: policy.quoteId,
      userId: policy.userId,
      policyholder: {
        name: client.name,
        nif: client.nif,
        email: client.email,
        phone: client.phone,
        address: client.address,
        postalCode: client.postalCode,
        city: client.city,
        birthDate: client.birthDate,
      },
      risk: withoutInsurer(policy.risk),
      insurer: policyInsurer(policy.risk, policy.lineCode, insurers),
      guarantees,
      premium: {
        net: policy.netPremiumCents,
        fractionation: policy.fractionationSurchargeCents,
        consorcio: policy.consorcioCents,
        clea: policy.cleaCents,
        ips: policy.ipsCents,
        total: policy.totalPremiumCents,
      },
      recibos: reciboRows
        .filter((r) => r.policyId === policy.id)
        .map(({ sequence, kind, term, dueDate, amount, status, paidAt }) => ({ sequence, kind, term, dueDate, amount, status, paidAt })),
      payment: payment ? { method: payment.method, label: payment.label } : null,
      withdrawal: { allowed, until: allowed ? withdrawalUntil(policy.createdAt, withdrawal.days) : null },
      term: policy.term,
      endorsements: endorsed,
    });
  }
  return views;
}

function withoutInsurer(risk: Record<string, unknown>): Record<string, unknown> {
  if (!("insurer" in risk)) return risk;
  const { insurer: _insurer, ...rest } = risk;
  return rest;
}

/** The policyholder (client record) of this account's most recent policy, or null when it has none. */
export async function lastPolicyholderOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      name: clients.name,
      nif: clients.nif,
      birthDate: clients.birthDate,
      phone: clients.phone,
      address: clients.address,
      postalCode: clients.postalCode,
      city: clients.city,
    })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(eq(policies.userId, userId))
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .limit(1);
  return row ?? null;
}

/** One policy of this visitor, or null (also when it is someone else's). */
export async function findUserPolicy(db: DbOrTx, userId: number, policyId: number): Promise<PolicyView | null> {
  const [view] = await loadPolicyViews(db, { userId, id: policyId });
  return view ?? null;
}

// ─── The visitor's list of policies ──────────────────────────────────────────────────

export type PolicySummaryView = {
  id: number;
  number: string;
  line: LineCode;
  lineName: string;
  status: PolicyStatus;
  plan: { code: string; name: string };
  startDate: string;
  endDate: string;
  frequency: PaymentFrequency;
  premiumTotal: number;
  createdAt: Date;
  nextRecibo: { sequence: number; dueDate: string; amount: number } | null;
};

/**
 * One page of a visitor's policies, newest first, as summaries: no guarantees, no recibo list, no
 * offers sent anywhere. The plan's name is the contracted one (read inside the database from the
 * quote's frozen offer; the catalogue's for a policy without a quote), and the next recibo is the
 * first one still pending. The order needs an index on policies (user_id, created_at desc, id desc)
 * to stop after one page.
 */
export async function listUserPolicySummaries(
  db: DbOrTx,
  userId: number,
  page: PaginationQuery,
): Promise<{ items: PolicySummaryView[]; total: number; totalCapped: boolean }> {
  const planName = sql<string>`coalesce(
    (select offer ->> 'name' from json_array_elements(${quotes.offers}) as offer where offer ->> 'code' = ${policies.planCode} limit 1),
    ${plans.name},
    ${policies.planCode}
  )`;
  // Sequential on purpose: `db` may be a transaction (one connection, one query at a time).
  const rows = await db
    .select({
      id: policies.id,
      number: policies.number,
      line: policies.lineCode,
      lineName: productLines.name,
      status: policies.status,
      planCode: policies.planCode,
      planName,
      startDate: policies.startDate,
      endDate: policies.endDate,
      frequency: policies.frequency,
      premiumTotal: premiumTotalInForce,
      createdAt: policies.createdAt,
    })
    .from(policies)
    .innerJoin(productLines, eq(productLines.code, policies.lineCode))
    .leftJoin(quotes, eq(quotes.id, policies.quoteId))
    .leftJoin(plans, and(eq(plans.lineCode, policies.lineCode), eq(plans.code, policies.planCode)))
    .where(eq(policies.userId, userId))
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const counted = await cappedCount(db, policies, eq(policies.userId, userId));
  const ids = rows.map((r) => r.id);
  // The first pending recibo of each policy of the page (the unique (policy_id, sequence) index).
  const pending = ids.length
    ? await db
        .selectDistinctOn([recibos.policyId], {
          policyId: recibos.policyId,
          sequence: recibos.sequence,
          dueDate: recibos.dueDate,
          amount: recibos.amountCents,
        })
        .from(recibos)
        .where(and(inArray(recibos.policyId, ids), eq(recibos.status, "pendiente")))
        .orderBy(recibos.policyId, asc(recibos.sequence))
    : [];
  const next = new Map(pending.map(({ policyId, ...recibo }) => [policyId, recibo]));
  return {
    items: rows.map(({ planCode, planName: name, ...row }) => ({ ...row, plan: { code: planCode, name }, nextRecibo: next.get(row.id) ?? null })),
    ...counted,
  };
}
