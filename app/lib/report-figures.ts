// How a report's figures read (ADR 034): in full for labels, tables and descriptions (es-ES, the
// contract's formatters), and short for an axis tick ("12.000 €", "25 %").
import type { FigureKind } from "../../api/contract/reports";
import { formatBasisPoints, formatCount, formatMoney } from "../../api/contract/format";

export function fullFigure(kind: FigureKind, value: number): string {
  if (kind === "money") return formatMoney(value);
  if (kind === "percent") return formatBasisPoints(value);
  return formatCount(value);
}

const euros = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0, useGrouping: "always" as unknown as boolean });

export function axisFigure(kind: FigureKind, value: number): string {
  if (kind === "money") return `${euros.format(value / 100)}\u00a0€`;
  if (kind === "percent") return formatBasisPoints(value);
  return formatCount(value);
}
