// How a report's figures read (ADR 034): in full for labels, tables and descriptions (es-ES, the
// contract's formatters), and short for an axis tick ("12.000 €", "25 %"). A ratio has one decimal
// ("12,5 %") and reads «—» without a denominator (null).
import type { FigureKind } from "../../api/contract/reports";
import { formatBasisPoints, formatCount, formatMoney } from "../../api/contract/format";

/** What a figure without a value (a ratio whose denominator is 0) reads. */
export const NO_FIGURE = "—";

const ratio = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function fullFigure(kind: FigureKind, value: number | null): string {
  if (value === null) return NO_FIGURE;
  if (kind === "money") return formatMoney(value);
  if (kind === "percent") return formatBasisPoints(value);
  if (kind === "ratio") return `${ratio.format(value / 100)} %`;
  return formatCount(value);
}

const euros = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0, useGrouping: "always" as unknown as boolean });

export function axisFigure(kind: FigureKind, value: number): string {
  if (kind === "money") return `${euros.format(value / 100)}\u00a0€`;
  if (kind === "percent" || kind === "ratio") return formatBasisPoints(value);
  return formatCount(value);
}
