// The policy read model that /me/policies/{id}, the back office and the policy documents share.
// A sale's writes are in policy-writes.repo.ts, the settings the documents need in
// document-context.repo.ts, the paged summaries of /me/policies in policy-summaries.repo.ts. The
// plan and guarantees of a policy are read from the quote's frozen offer (what was contracted),
// not from the catalogue, which staff may have changed since.
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { PricedPlan } from "../domain/rating";
import { madridDate, withdrawalUntil } from "../domain/calendar";
import { maskIban } from "../domain/iban";
import type { InsurerInfo } from "../domain/insurer";
import { endorsementsOfPolicies } from "./endorsements.repo";
import type { DbOrTx } from "./client";
import {
  clients,
  guarantees as guaranteesTable,
  payments,
  planGuarantees,
  plans,
  policies,
  productLines,
  quotes,
  recibos,
  type LineCode,
  type PaymentFrequency,
  type PaymentMethod,
  type PolicyStatus,
  type EndorsedGuarantee,
  type ReciboKind,
  type ReciboStatus,
} from "./schema";
import { policyInsurer, policyRulesOn } from "./document-context.repo";
import { readSettingVersions } from "./settings.repo";

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
  /** The policyholder's client record (the outbox links each policy e-mail to it). */
  clientId: number;
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
  // Each policy's withdrawal rules (and insurer, when it kept no copy) are those of its sale's day.
  const ruleVersions = await readSettingVersions(db, ["withdrawal_days", "withdrawal_lines", "insurers"]);
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
    const { withdrawal, insurers } = policyRulesOn(ruleVersions, madridDate(policy.createdAt));
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
      clientId: policy.clientId,
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
      // A direct debit is the policy's account (its IBAN, masked), charged or not yet (ADR 033); a card is its first payment's.
      payment:
        policy.paymentMethod === "sepa" && policy.iban
          ? { method: "sepa", label: maskIban(policy.iban) }
          : payment
            ? { method: payment.method, label: payment.label }
            : null,
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
