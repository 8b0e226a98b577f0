// Which version of a guarantee's price applies on a day (ADR 016). Pure: the day is given.
import type { GuaranteePriceType } from "./catalogue";

export type GuaranteePriceVersion = {
  version: number;
  priceType: GuaranteePriceType;
  /** fixed: yearly cents; percent: basis points of the plan's net premium. */
  priceValue: number;
  /** The first Madrid calendar day it applies to (aaaa-mm-dd). */
  validFrom: string;
};

/** The highest percentage a guarantee may cost: 100 % of the net premium, in basis points. */
export const MAX_GUARANTEE_PERCENT_BP = 10_000;

/**
 * The version in force on `day` (aaaa-mm-dd): the latest `validFrom` on or before it, and of two
 * versions dated the same day the later one. A day before every version (a clock moved back, a
 * guarantee created later that day) gets the first version, so a guarantee never goes unpriced;
 * tariffs do the same (tariffsInForce). Null only for no versions at all.
 */
export function priceInForce<V extends GuaranteePriceVersion>(versions: readonly V[], day: string): V | null {
  let chosen: V | null = null;
  let first: V | null = null;
  for (const v of versions) {
    if (!first || v.validFrom < first.validFrom || (v.validFrom === first.validFrom && v.version < first.version)) first = v;
    if (v.validFrom > day) continue;
    if (!chosen || v.validFrom > chosen.validFrom || (v.validFrom === chosen.validFrom && v.version > chosen.version)) chosen = v;
  }
  return chosen ?? first;
}

/** The versions dated after `day`, soonest first: price changes already scheduled. */
export function scheduledPrices<V extends GuaranteePriceVersion>(versions: readonly V[], day: string): V[] {
  return versions
    .filter((v) => v.validFrom > day)
    .sort((a, b) => (a.validFrom === b.validFrom ? a.version - b.version : a.validFrom < b.validFrom ? -1 : 1));
}
