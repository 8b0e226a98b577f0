// The geometry of a report's chart (ADR 034), computed on the server with d3-scale (nice ticks,
// linear scales) so the page receives plain rectangles and labels: the SVG needs no JavaScript,
// and d3 stays out of the browser's bundle. Horizontal bars for every table (a category per row):
// long labels fit at 390 px, and each bar carries its value written beside it.
import { scaleLinear } from "d3-scale";
import type { FigureKind, ReportTable } from "../../api/contract/reports";
import { axisFigure, fullFigure } from "./report-figures";

// Narrow enough that the 12-unit labels stay about 9 px on a 390 px phone, where the drawing
// shrinks to the card's width; the page caps it at 560 px on a desktop.
export const CHART_WIDTH = 400;
const LABEL_WIDTH = 120;
const VALUE_SPACE = 92;
const AXIS_HEIGHT = 22;
const BAR_HEIGHT = 16;
const ROW_GAP = 10;

export type ChartBar = { series: number; x: number; y: number; width: number; height: number; label: string | null; labelX: number; inside: boolean };
export type ChartRow = { label: string; y: number; bars: ChartBar[] };
export type ChartLayout = {
  width: number;
  height: number;
  plotLeft: number;
  plotRight: number;
  ticks: { x: number; label: string }[];
  rows: ChartRow[];
  /** The series drawn, in order (legend and patterns). */
  series: { index: number; label: string }[];
  /** Stacked bars: each row's total, written after the bar. */
  totals: { x: number; y: number; label: string }[];
  /** What a screen reader hears: every figure drawn, in words. */
  description: string;
};

export function chartLayout(table: ReportTable): ChartLayout {
  const drawn = table.charted.filter((i) => table.series[i]);
  const kind: FigureKind = table.series[drawn[0] ?? 0]?.kind ?? "count";
  const stacked = table.chart === "stacked";
  const grouped = table.chart === "grouped" && drawn.length > 1;
  const rowTotal = (values: (number | null)[]) =>
    stacked ? drawn.reduce((a, i) => a + Math.max(0, values[i] ?? 0), 0) : Math.max(0, ...drawn.map((i) => values[i] ?? 0));
  const max = Math.max(1, ...table.rows.map((r) => rowTotal(r.values)));
  const plotLeft = LABEL_WIDTH;
  const plotRight = CHART_WIDTH - VALUE_SPACE;
  const x = scaleLinear().domain([0, max]).nice(4).range([plotLeft, plotRight]);
  const rowHeight = grouped ? drawn.length * BAR_HEIGHT : BAR_HEIGHT;

  const rows: ChartRow[] = table.rows.map((row, r) => {
    const top = AXIS_HEIGHT + r * (rowHeight + ROW_GAP) + ROW_GAP / 2;
    let start = plotLeft;
    const bars = drawn.map((series, s): ChartBar => {
      // A ratio without denominator (null) draws no bar and is written «—».
      const figure = row.values[series] ?? null;
      const value = Math.max(0, figure ?? 0);
      const width = Math.max(0, x(value) - plotLeft);
      const y = grouped ? top + s * BAR_HEIGHT : top;
      const left = stacked ? start : plotLeft;
      start += stacked ? width : 0;
      const text = fullFigure(kind, figure === null ? null : value);
      // Stacked: each part is labelled inside when it is wide enough; the total goes after the bar.
      const inside = stacked && width > text.length * 6.8 + 8;
      return {
        series: s,
        x: left,
        y,
        width,
        height: BAR_HEIGHT - (grouped ? 2 : 0),
        label: stacked ? (inside ? text : null) : text,
        labelX: stacked ? left + width / 2 : left + width + 4,
        inside,
      };
    });
    return { label: row.label, y: top + rowHeight / 2, bars };
  });
  const totals = stacked
    ? rows.map((row, r) => {
        const last = row.bars.at(-1);
        return { x: (last ? last.x + last.width : plotLeft) + 4, y: row.y, label: fullFigure(kind, rowTotal(table.rows[r]!.values)) };
      })
    : [];
  const height = AXIS_HEIGHT + table.rows.length * (rowHeight + ROW_GAP) + 4;
  return {
    width: CHART_WIDTH,
    height,
    plotLeft,
    plotRight,
    // A count has no fractions: an axis of 0 to 1 policies shows 0 and 1, not 0,2 … 0,8.
    ticks: x
      .ticks(4)
      .filter((t) => kind !== "count" || Number.isInteger(t))
      .map((t) => ({ x: x(t), label: axisFigure(kind, t) })),
    rows,
    series: drawn.map((index) => ({ index, label: table.series[index]!.label })),
    totals,
    description: describe(table, drawn),
  };
}

/** "Nueva producción: ene 2026, 1.234,00 €; feb 2026, 0,00 €. Renovaciones: …" */
function describe(table: ReportTable, drawn: number[]): string {
  if (table.rows.length === 0) return `${table.title}: sin datos en el periodo.`;
  return drawn
    .map((i) => {
      const series = table.series[i]!;
      return `${series.label}: ${table.rows.map((row) => `${row.label}, ${fullFigure(series.kind, row.values[i] ?? null)}`).join("; ")}.`;
    })
    .join(" ");
}
