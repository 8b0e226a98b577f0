// A premium's breakdown (net, recargo de fraccionamiento, Consorcio, CLEA, IPS, total) and the
// columns that keep it on a policy, a renewal offer or an endorsement: one mapping for all.
import type { Policy } from "../db/schema";

export type PremiumBreakdown = { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };

export type PremiumColumns = Pick<
  Policy,
  "netPremiumCents" | "fractionationSurchargeCents" | "consorcioCents" | "cleaCents" | "ipsCents" | "totalPremiumCents"
>;

/** The columns of a priced premium. */
export const premiumColumns = (price: PremiumBreakdown): PremiumColumns => ({
  netPremiumCents: price.net,
  fractionationSurchargeCents: price.fractionation,
  consorcioCents: price.consorcio,
  cleaCents: price.clea,
  ipsCents: price.ips,
  totalPremiumCents: price.total,
});

/** The breakdown kept in a row's premium columns. */
export const premiumBreakdown = (row: PremiumColumns): PremiumBreakdown => ({
  net: row.netPremiumCents,
  fractionation: row.fractionationSurchargeCents,
  consorcio: row.consorcioCents,
  clea: row.cleaCents,
  ips: row.ipsCents,
  total: row.totalPremiumCents,
});
