// The price of a suplemento (endorsement): guarantees added to a policy in force, priced for the
// days left in the term (DOMAIN.md "Endorsement"). Pure: tables, policy figures and dates come in
// as values; no database, no clock.
//
// 1. The yearly price of each guarantee as rating prices an optional one (rating.ts
//    optionalPriceCents): a fixed yearly amount, or basis points of the policy's risk premium.
// 2. × remaining days / days of the term (calendar.ts proRataDays), half up per guarantee.
// 3. The surcharges as the line's rating applies them to a net premium (rating.ts
//    priceBreakdown): recargo por fraccionamiento of the policy's frequency, CLEA and IPS on the
//    pro rata net. The Consorcio is not charged again: it depends on the risk (vehicle, sum
//    insured), not on the cover, and the term's recibos already carry it.
// 4. One recibo for the whole difference (ADR 018): total = net + recargos + CLEA + IPS exactly.
import type { Frequency } from "../contract/vocabulary";
import { addDays, proRataDays, type PolicyTerm } from "./calendar";
import { BP_ONE, percentOfCents, roundHalfUp } from "./money";
import { formatIsoDate } from "../contract/format";
import { premiumComponents, type PremiumComponents, type RatingGuarantee, type RatingSettings } from "./rating";

export type EndorsementGuaranteePrice = {
  code: string;
  /** The guarantee's price for a whole year on this policy. */
  yearlyCents: number;
  /** yearly × remaining / total days, half up: the net premium of the suplemento for this guarantee. */
  netCents: number;
};

export type EndorsementPrice = {
  effectiveDate: string;
  /** Days of cover left from the effective date (inclusive) to the end of the term (exclusive). */
  remainingDays: number;
  /** Days of the term (365 or 366). */
  termDays: number;
  guarantees: EndorsementGuaranteePrice[];
  /** Σ guarantees' yearly prices: what the guarantees add to a whole year's net premium. */
  yearlyNet: number;
  net: number;
  fractionation: number;
  consorcio: number;
  clea: number;
  ips: number;
  total: number;
};

/** The yearly price of an optional guarantee on a policy whose risk premium is `riskPremiumCents`. */
export function guaranteeYearlyCents(g: Pick<RatingGuarantee, "priceType" | "priceValue">, riskPremiumCents: number): number {
  return g.priceType === "percent" ? percentOfCents(riskPremiumCents, g.priceValue) : g.priceValue;
}

/** `yearlyCents` for `remaining` of `total` days, half up (never more than the yearly price). */
export function proRataCents(yearlyCents: number, remaining: number, total: number): number {
  if (!Number.isSafeInteger(yearlyCents) || yearlyCents < 0) throw new RangeError(`yearly cents must be a non-negative integer, got ${yearlyCents}`);
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError(`The term must have days, got ${total}`);
  if (!Number.isSafeInteger(remaining) || remaining < 0 || remaining > total) throw new RangeError(`Remaining days out of range: ${remaining}`);
  return roundHalfUp(BigInt(yearlyCents) * BigInt(remaining), total);
}

/**
 * The suplemento of adding `guarantees` to a policy of `term`, in force from `effectiveDate`.
 * Throws RangeError when the date is outside the term (the caller checks it first).
 */
export function priceEndorsement(args: {
  guarantees: ReadonlyArray<Pick<RatingGuarantee, "code" | "priceType" | "priceValue">>;
  riskPremiumCents: number;
  term: PolicyTerm;
  effectiveDate: string;
  frequency: Frequency;
  settings: RatingSettings;
}): EndorsementPrice {
  const { remaining, total } = proRataDays(args.term, args.effectiveDate);
  if (remaining === 0) throw new RangeError(`${args.effectiveDate} is outside the term ${args.term.startDate}–${args.term.endDate}`);
  const guarantees = args.guarantees.map((g) => {
    const yearlyCents = guaranteeYearlyCents(g, args.riskPremiumCents);
    return { code: g.code, yearlyCents, netCents: proRataCents(yearlyCents, remaining, total) };
  });
  const net = guarantees.reduce((sum, g) => sum + g.netCents, 0);
  const fractionationBp = args.settings.fractionation_surcharges_bp[args.frequency];
  if (fractionationBp === undefined) throw new RangeError(`No fractionation surcharge for ${args.frequency}`);
  const fractionation = percentOfCents(net, fractionationBp);
  const clea = percentOfCents(net, args.settings.clea_bp);
  const ips = percentOfCents(net + fractionation, args.settings.ips_bp);
  const consorcio = 0;
  return {
    effectiveDate: args.effectiveDate,
    remainingDays: remaining,
    termDays: total,
    guarantees,
    yearlyNet: guarantees.reduce((sum, g) => sum + g.yearlyCents, 0),
    net,
    fractionation,
    consorcio,
    clea,
    ips,
    total: net + fractionation + consorcio + clea + ips,
  };
}

/**
 * The policy's yearly premium from a suplemento on (ADR 023): the premium in force before it, plus
 * the yearly price of the guarantees it adds on the net, then the recargo por fraccionamiento of
 * the policy's frequency, CLEA and IPS on that net at the rates in force (as rating prices a net
 * premium), and the same Consorcio (it depends on the risk, not on the cover). What "Prima total
 * anual" shows from then on; the next renewal re-rates it.
 */
export function annualPremiumAfter(args: {
  before: PremiumComponents;
  yearlyNetAdded: number;
  frequency: Frequency;
  settings: RatingSettings;
}): PremiumComponents {
  return premiumComponents({
    netCents: args.before.net + args.yearlyNetAdded,
    frequency: args.frequency,
    consorcioCents: args.before.consorcio,
    settings: args.settings,
  });
}

/**
 * The yearly premium in force: the one after the latest suplemento of the current term, else the
 * term's as issued (the policy's premium columns, which its prima recibos add up to). Suplementos
 * of earlier terms are in the renewal's premium already.
 */
export function premiumInForce<P extends PremiumComponents>(p: {
  term: number;
  premium: P;
  endorsements: ReadonlyArray<{ term: number; version: number; annualPremium: PremiumComponents | null }>;
}): PremiumComponents {
  const latest = p.endorsements
    .filter((e) => e.term === p.term && e.annualPremium !== null)
    .reduce<{ version: number; annualPremium: PremiumComponents | null } | null>(
      (best, e) => (best === null || e.version > best.version ? e : best),
      null,
    );
  const { net, fractionation, consorcio, clea, ips, total } = latest?.annualPremium ?? p.premium;
  return { net, fractionation, consorcio, clea, ips, total };
}

/** The recibo(s) of a suplemento: one, for the whole difference, due on the effective date (ADR 018). */
export function endorsementRecibos(price: Pick<EndorsementPrice, "total" | "effectiveDate">): Array<{ dueDate: string; amount: number }> {
  return [{ dueDate: price.effectiveDate, amount: price.total }];
}

// ─── What may be added, and from when ──────────────────────────────────────────────────────

/** What the rules of a suplemento look at on the policy. */
export type EndorsablePolicy = {
  status: "pendiente_pago" | "en_vigor" | "suspendida" | "anulada" | "vencida";
  planCode: string;
  startDate: string;
  endDate: string;
  optionalGuarantees: readonly string[];
};

export const ENDORSEMENT_REFUSALS = {
  pendiente_pago: "La póliza aún no está en vigor: podrá añadir garantías cuando se cobre el primer recibo",
  suspendida: "La póliza está suspendida por un recibo sin pagar: páguelo antes de añadir garantías",
  anulada: "La póliza está anulada: ya no se le pueden añadir garantías",
  vencida: "La póliza ha vencido: ya no se le pueden añadir garantías",
  lastDay: "La póliza vence mañana: no quedan días a los que añadir garantías",
} as const;

/** The effective dates a suplemento may take today: from tomorrow (or the start, if later) to the day before the end; null when none. */
export function effectiveDateRange(p: Pick<EndorsablePolicy, "startDate" | "endDate">, today: string): { earliest: string; latest: string } | null {
  const tomorrow = addDays(today, 1);
  const earliest = tomorrow > p.startDate ? tomorrow : p.startDate;
  const latest = addDays(p.endDate, -1);
  return earliest <= latest ? { earliest, latest } : null;
}

/** Why no guarantee can be added to the policy today, or null when it can. */
export function endorsementRefusal(p: EndorsablePolicy, today: string): string | null {
  if (p.status !== "en_vigor") return ENDORSEMENT_REFUSALS[p.status];
  return effectiveDateRange(p, today) ? null : ENDORSEMENT_REFUSALS.lastDay;
}

/** Why `date` cannot be the effective date (a Spanish sentence), or null. */
export function effectiveDateProblem(date: string, range: { earliest: string; latest: string }): string | null {
  if (date < range.earliest)
    return `La fecha de efecto debe ser el ${formatIsoDate(range.earliest)} o posterior: la cobertura nunca empieza el mismo día`;
  if (date > range.latest) return `La fecha de efecto debe ser anterior al vencimiento de la póliza: el ${formatIsoDate(range.latest)} como tarde`;
  return null;
}

type CatalogueGuarantee = Pick<RatingGuarantee, "code" | "name" | "includedIn" | "optionalIn"> & { active?: boolean };

/** Active guarantees optional in the policy's plan, neither included in it nor already contracted. */
export function addableGuarantees<G extends CatalogueGuarantee>(
  p: Pick<EndorsablePolicy, "planCode" | "optionalGuarantees">,
  guarantees: readonly G[],
): G[] {
  return guarantees.filter(
    (g) => g.active !== false && g.optionalIn.includes(p.planCode) && !g.includedIn.includes(p.planCode) && !p.optionalGuarantees.includes(g.code),
  );
}

/**
 * Why `code` cannot be added to the policy (a Spanish sentence), or null. `guarantees` are the
 * line's catalogue rows, inactive ones included (so that the refusal can name them).
 */
export function guaranteeRefusal(
  code: string,
  p: Pick<EndorsablePolicy, "planCode" | "optionalGuarantees">,
  planName: string,
  guarantees: readonly CatalogueGuarantee[],
): string | null {
  const g = guarantees.find((x) => x.code === code);
  if (!g) return `La garantía «${code}» no existe en este seguro`;
  if (g.includedIn.includes(p.planCode)) return `«${g.name}» ya está incluida en su plan ${planName}`;
  if (p.optionalGuarantees.includes(code)) return `Ya tiene contratada «${g.name}» en esta póliza`;
  if (g.active === false) return `«${g.name}» ya no se comercializa: no se puede añadir`;
  if (!g.optionalIn.includes(p.planCode)) return `«${g.name}» no se puede añadir al plan ${planName}`;
  return null;
}

/**
 * The policy's risk premium (the plan's price for its risk, before optional guarantees), from the
 * term's net premium and the optional guarantees priced in it: net = R + Σ fixed + R × Σ bp,
 * so R = (net − Σ fixed) / (1 + Σ bp), half up. A percentage guarantee is priced on R, as rating
 * prices it (rating.ts optionalPriceCents).
 */
export function riskPremiumFromNet(netCents: number, inNet: ReadonlyArray<Pick<RatingGuarantee, "priceType" | "priceValue">>): number {
  const fixed = inNet.filter((g) => g.priceType === "fixed").reduce((s, g) => s + g.priceValue, 0);
  const bp = inNet.filter((g) => g.priceType === "percent").reduce((s, g) => s + g.priceValue, 0);
  const base = Math.max(0, netCents - fixed);
  return roundHalfUp(BigInt(base) * BigInt(BP_ONE), BP_ONE + bp);
}
