// The price of one choice (plan + optional guarantees) from a quote's stored offer. The offer is
// binding while the quote is valid, so nothing is re-rated: the risk premium and each optional
// guarantee's price come from the offer as it was quoted. Only when the optional guarantees chosen
// differ from those already priced in the offer are the surcharges and tax recomputed (with the
// rates in force), since the offer holds no breakdown for that combination.
import { FREQUENCIES, type Frequency } from "../contract/vocabulary";
import { priceBreakdown, splitRecibos, type Breakdown, type PricedPlan, type RatingSettings } from "./rating";

export class OfferChoiceError extends Error {
  constructor(
    readonly field: "plan" | "optionalGuarantees",
    message: string,
  ) {
    super(message);
    this.name = "OfferChoiceError";
  }
}

export const OFFER_MESSAGES = {
  plan: "Elija uno de los planes de la cotización",
  optional: (planName: string) => `Esa garantía no se puede añadir al plan ${planName}`,
} as const;

/** The plan of the offer, or OfferChoiceError on plan. */
export function offerPlan(plans: readonly PricedPlan[], planCode: string): PricedPlan {
  const plan = plans.find((p) => p.code === planCode);
  if (!plan) throw new OfferChoiceError("plan", OFFER_MESSAGES.plan);
  return plan;
}

/** The chosen optional guarantees without repeats, in the offer's order; OfferChoiceError for one the plan does not offer. */
export function normalizeOptionalChoice(plan: PricedPlan, chosen: readonly string[]): string[] {
  const offered = plan.optionalGuarantees.map((g) => g.code);
  for (const code of chosen) {
    if (!offered.includes(code)) throw new OfferChoiceError("optionalGuarantees", OFFER_MESSAGES.optional(plan.name));
  }
  return offered.filter((code) => chosen.includes(code));
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The net premium of the plan with exactly these optional guarantees (codes already checked). */
export function offerNetCents(plan: PricedPlan, optional: readonly string[]): number {
  return plan.riskPremiumCents + plan.optionalGuarantees.reduce((sum, g) => sum + (optional.includes(g.code) ? g.priceCents : 0), 0);
}

/**
 * The price of the plan with these optional guarantees for every frequency, with recibos due from
 * `startDate`. `settings` is read only when the choice differs from what the offer priced (pass a
 * loader so the caller reads the database only then).
 */
export async function priceOffer(
  plan: PricedPlan,
  optional: readonly string[],
  startDate: string,
  settings: () => Promise<RatingSettings>,
): Promise<Record<Frequency, Breakdown>> {
  if (sameSet(optional, plan.selectedOptionalGuarantees)) {
    // The stored breakdown, with the same amounts re-dated from the actual start.
    return Object.fromEntries(
      FREQUENCIES.map((frequency) => {
        const stored = plan.prices[frequency];
        return [frequency, { ...stored, recibos: splitRecibos(stored.total, frequency, stored.consorcio, stored.clea, startDate) }];
      }),
    ) as Record<Frequency, Breakdown>;
  }
  const rates = await settings();
  const netCents = offerNetCents(plan, optional);
  // The Consorcio does not depend on the plan's cover, only on the risk: the offer's figure holds.
  const consorcioCents = plan.prices.anual.consorcio;
  return Object.fromEntries(
    FREQUENCIES.map((frequency) => [frequency, priceBreakdown({ netCents, frequency, consorcioCents, settings: rates, startDate })]),
  ) as Record<Frequency, Breakdown>;
}
