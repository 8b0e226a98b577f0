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
// 4. One recibo for the whole difference (ADR 016): total = net + recargos + CLEA + IPS exactly.
import type { Frequency } from "../contract/vocabulary";
import { proRataDays, type PolicyTerm } from "./calendar";
import { percentOfCents, roundHalfUp } from "./money";
import type { RatingGuarantee, RatingSettings } from "./rating";

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

/** The recibo(s) of a suplemento: one, for the whole difference, due on the effective date (ADR 016). */
export function endorsementRecibos(price: Pick<EndorsementPrice, "total" | "effectiveDate">): Array<{ dueDate: string; amount: number }> {
  return [{ dueDate: price.effectiveDate, amount: price.total }];
}
