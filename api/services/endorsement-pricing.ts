// Suplementos, before one is made (ADR 018): the public guarantee catalogue, and what a customer
// may add to a policy today with its price, pro rata for the days left in the term
// (api/domain/endorsement-price.ts) with the guarantee prices in force today (loadRatingTables).
// ./endorsements.ts prices the submit again with these same functions before it charges.
import type { GuaranteeCatalogue, GuaranteeOptions } from "../contract/endorsements";
import type { Database, DbOrTx } from "../db/client";
import { type PolicyView } from "../db/policies.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import type { Policy } from "../db/schema";
import { madridDate, proRataDays } from "../domain/calendar";
import {
  addableGuarantees,
  effectiveDateProblem,
  effectiveDateRange,
  endorsementRefusal,
  guaranteeRefusal,
  priceEndorsement,
  riskPremiumFromNet,
  type EndorsementPrice,
} from "../domain/endorsement-price";
import type { RatingGuarantee, RatingTables } from "../domain/rating";
import type { LineCode } from "../domain/catalogue";
import { ApiProblem } from "../http";
import { listProductLines } from "../db/catalogue.repo";
import { endorsedGuaranteesOfTerm, guaranteesByCode, readPolicyRow as readPolicy } from "../db/suplementos.repo";

export const apiUrls = {
  conditions: (policyId: number, version: number) => `/me/policies/${policyId}/documents/conditions?version=${version}`,
  recibo: (policyId: number, sequence: number) => `/me/policies/${policyId}/recibos/${sequence}/document`,
  ipid: (line: string) => `/documents/ipid/${line}`,
};

// ─── The public catalogue ─────────────────────────────────────────────────────────────────

/** Every line with its plans and its active guarantees: what each covers and in which plans it is included or optional. */
export async function guaranteeCatalogue(db: Database, tablesOf: (line: LineCode) => Promise<RatingTables>): Promise<GuaranteeCatalogue> {
  const lines = await listProductLines(db);
  const out: GuaranteeCatalogue["lines"] = [];
  for (const line of lines) {
    const tables = await tablesOf(line.code);
    out.push({
      code: line.code,
      name: line.name,
      description: line.description,
      plans: tables.plans.filter((p) => p.line === line.code).map((p) => ({ code: p.code, name: p.name })),
      guarantees: tables.guarantees
        .filter((g) => g.line === line.code && g.active !== false)
        .map((g) => ({
          code: g.code,
          name: g.name,
          description: g.description,
          limitText: g.limitText,
          deductibleCents: g.deductibleCents,
          price: { type: g.priceType, value: g.priceValue },
          includedIn: [...g.includedIn],
          optionalIn: [...g.optionalIn],
        })),
      ipidUrl: apiUrls.ipid(line.code),
    });
  }
  return { lines: out };
}

// ─── Pricing a policy's suplemento ──────────────────────────────────────────────────────────

export type PolicyRow = Pick<
  Policy,
  "id" | "status" | "lineCode" | "planCode" | "startDate" | "endDate" | "term" | "frequency" | "optionalGuarantees" | "netPremiumCents"
>;

/** The policy row; 404 when there is none. */
export async function readPolicyRow(db: DbOrTx, policyId: number): Promise<Policy> {
  const row = await readPolicy(db, policyId);
  if (!row) throw new ApiProblem(404, "Póliza no encontrada");
  return row;
}

/** The line's guarantees in force (prices through loadRatingTables) plus, to name them in a refusal, inactive ones asked for. */
async function lineGuarantees(db: DbOrTx, line: LineCode, tables: RatingTables, asked: readonly string[]) {
  const active = tables.guarantees.filter((g) => g.line === line);
  const missing = asked.filter((code) => !active.some((g) => g.code === code));
  const inactive = missing.length
    ? (await guaranteesByCode(db, missing))
        .filter((g) => g.line === line)
        .map((g) => ({ code: g.code, name: g.name, includedIn: [] as string[], optionalIn: [] as string[], active: false }))
    : [];
  return { active, all: [...active, ...inactive] };
}

/** The guarantees whose yearly price is part of the term's net premium: those contracted at issue or renewal, not by a suplemento of this term. */
async function inNetGuarantees(db: DbOrTx, p: PolicyRow, active: readonly RatingGuarantee[]) {
  const thisTerm = await endorsedGuaranteesOfTerm(db, p.id, p.term);
  const endorsed = new Set(thisTerm.flatMap((e) => e.guarantees.map((g) => g.code)));
  return active.filter((g) => p.optionalGuarantees.includes(g.code) && !endorsed.has(g.code));
}

export type Priced = { price: EndorsementPrice; chosen: RatingGuarantee[] };

/** 409 for a code that cannot be added; the price of the codes together from `effectiveDate`. */
export async function priceCodes(
  db: DbOrTx,
  p: PolicyRow,
  planName: string,
  tables: RatingTables,
  codes: readonly string[],
  effectiveDate: string,
): Promise<Priced> {
  const unique = [...new Set(codes)];
  const { active, all } = await lineGuarantees(db, p.lineCode, tables, unique);
  for (const code of unique) {
    const refusal = guaranteeRefusal(code, p, planName, all);
    if (refusal) throw new ApiProblem(409, refusal, { guarantees: [refusal] });
  }
  const chosen = active.filter((g) => unique.includes(g.code));
  const riskPremiumCents = riskPremiumFromNet(p.netPremiumCents, await inNetGuarantees(db, p, active));
  const settings = tables.settings;
  const price = priceEndorsement({
    guarantees: chosen,
    riskPremiumCents,
    term: { startDate: p.startDate, endDate: p.endDate },
    effectiveDate,
    frequency: p.frequency,
    settings,
  });
  return { price, chosen };
}

export const priceAnswer = (p: EndorsementPrice) => ({
  net: p.net,
  fractionation: p.fractionation,
  consorcio: p.consorcio,
  clea: p.clea,
  ips: p.ips,
  total: p.total,
});

/** The effective date asked for (the earliest when none), or 400 saying why not. */
export function chosenEffectiveDate(asked: string | undefined, range: { earliest: string; latest: string }): string {
  if (asked === undefined) return range.earliest;
  const problem = effectiveDateProblem(asked, range);
  if (problem) throw new ApiProblem(400, problem, { effectiveDate: [problem] });
  return asked;
}

/** How the customer may pay a suplemento of this policy: card always; the policy's mandate when it pays by SEPA. */
export function payWith(row: Pick<Policy, "paymentMethod">): Array<"card" | "mandate"> {
  // The SEPA mandate is the policy's own (sepa_mandates, ADR 029), not a gateway token: a SEPA sale has none (ADR 033).
  return row.paymentMethod === "sepa" ? ["card", "mandate"] : ["card"];
}

/**
 * What the customer may add to the policy today (GET /me/policies/{id}/guarantee-options): each
 * guarantee with its price from the effective date, and the price of a selection together.
 */
export async function guaranteeOptions(
  db: Database,
  view: PolicyView,
  query: { effectiveDate?: string; guarantees?: string[] },
  now: Date,
): Promise<GuaranteeOptions> {
  const row = await readPolicyRow(db, view.id);
  const today = madridDate(now);
  const base = {
    policy: {
      id: view.id,
      number: view.number,
      line: view.line,
      lineName: view.lineName,
      plan: { code: view.plan.code, name: view.plan.name },
      startDate: view.startDate,
      endDate: view.endDate,
      frequency: view.frequency,
      payment: view.payment,
    },
    payWith: payWith(row),
    ipidUrl: apiUrls.ipid(view.line),
  };
  const refusal = endorsementRefusal(row, today);
  const range = effectiveDateRange(row, today);
  if (refusal || !range) {
    if (query.guarantees?.length) throw new ApiProblem(409, refusal ?? "No se pueden añadir garantías a esta póliza");
    return { ...base, possible: false, refusal, effectiveDates: null, days: null, options: [], selection: null };
  }
  const effectiveDate = chosenEffectiveDate(query.effectiveDate, range);
  const tables = await loadRatingTables(db, row.lineCode, now);
  const { active } = await lineGuarantees(db, row.lineCode, tables, []);
  const riskPremiumCents = riskPremiumFromNet(row.netPremiumCents, await inNetGuarantees(db, row, active));
  const term = { startDate: row.startDate, endDate: row.endDate };
  const options = addableGuarantees(row, active).map((g) => {
    const price = priceEndorsement({ guarantees: [g], riskPremiumCents, term, effectiveDate, frequency: row.frequency, settings: tables.settings });
    return {
      code: g.code,
      name: g.name,
      description: g.description,
      limitText: g.limitText,
      deductibleCents: g.deductibleCents,
      yearlyCents: price.guarantees[0]!.yearlyCents,
      price: priceAnswer(price),
    };
  });
  const selection = query.guarantees?.length
    ? await priceCodes(db, row, view.plan.name, tables, query.guarantees, effectiveDate).then(({ price, chosen }) => ({
        guarantees: chosen.map((g) => g.code),
        price: priceAnswer(price),
      }))
    : null;
  const days = proRataDays(term, effectiveDate);
  return {
    ...base,
    possible: options.length > 0,
    refusal: options.length > 0 ? null : "Su plan ya incluye todas las garantías que se le pueden añadir",
    effectiveDates: { ...range, chosen: effectiveDate },
    days: { remaining: days.remaining, total: days.total },
    options,
    selection,
  };
}

/** How many guarantees could be added to the policy today (Mi póliza's "Añadir garantías"). */
export async function addableGuaranteeCount(db: Database, policyId: number, now: Date): Promise<number> {
  const row = await readPolicyRow(db, policyId);
  if (endorsementRefusal(row, madridDate(now))) return 0;
  const tables = await loadRatingTables(db, row.lineCode, now);
  return addableGuarantees(
    row,
    tables.guarantees.filter((g) => g.line === row.lineCode),
  ).length;
}
