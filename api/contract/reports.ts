// The business reports of /admin/reports (ADR 034): the query (a period and a line) and one answer
// shape for every report, a list of figure tables. Each table is what a chart draws, what "Ver
// tabla" shows and what the CSV holds, so the three can never disagree. Shared with app/.
import { z } from "zod";
import { addDays, addMonths, daysBetween } from "../domain/calendar";
import { documented } from "./openapi-meta";
import { isIsoDate } from "./quotes";
import { LINES } from "./vocabulary";

export const REPORT_KEYS = ["cartera", "conversion", "recibos", "bajas", "suplementos", "siniestros"] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
export const REPORT_TITLES: Record<ReportKey, string> = {
  cartera: "Primas y cartera",
  conversion: "Conversión de cotizaciones",
  recibos: "Recibos y cobros",
  bajas: "Anulaciones, desistimientos y no renovaciones",
  suplementos: "Suplementos",
  siniestros: "Siniestros",
};

/** The longest period a report reads: five years of months is already 60 bars. */
export const REPORT_MAX_DAYS = 5 * 366;

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const isoDate = (message: string) =>
  documented(z.string({ required_error: message, invalid_type_error: message }).refine(isIsoDate, message), { format: "date" });

const MONTH_NAMES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];

/** One month of a period: its key (aaaa-mm), its label ("ene 2026") and its last day inside the period. */
export type ReportMonth = { key: string; label: string; end: string };

/** The months a period touches, in order; the last one ends on the period's last day. */
export function reportMonths(from: string, to: string): ReportMonth[] {
  const months: ReportMonth[] = [];
  for (let first = `${from.slice(0, 7)}-01`; first <= to; first = addMonths(first, 1)) {
    const end = addDays(addMonths(first, 1), -1);
    months.push({ key: first.slice(0, 7), label: `${MONTH_NAMES[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`, end: end < to ? end : to });
  }
  return months;
}

export const ReportParamSchema = z.object({
  report: z.enum(REPORT_KEYS, { errorMap: () => ({ message: "Ese informe no existe" }) }).describe("El informe"),
});

const ReportFields = {
  from: isoDate("Escribe la fecha «desde» como dd/mm/aaaa").describe("Primer día del periodo (aaaa-mm-dd), incluido"),
  to: isoDate("Escribe la fecha «hasta» como dd/mm/aaaa").describe("Último día del periodo (aaaa-mm-dd), incluido"),
  line: z
    .preprocess(emptyAsUndefined, z.enum(LINES, { errorMap: () => ({ message: "Elige un ramo de la lista" }) }).optional())
    .describe("Solo este ramo"),
};

/** A period ends on or after its start and spans five years at most. */
function periodRules(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!isIsoDate(value.from) || !isIsoDate(value.to)) return;
  if (value.to < value.from)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "La fecha «hasta» no puede ser anterior a la fecha «desde»" });
  else if (daysBetween(value.from, value.to) > REPORT_MAX_DAYS)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "El periodo no puede pasar de 5 años" });
}

export const ReportQuerySchema = z.object(ReportFields).superRefine(periodRules);
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportExportQuerySchema = z
  .object({
    from: ReportFields.from,
    to: ReportFields.to,
    line: ReportFields.line,
    table: z.string({ required_error: "Indica la tabla" }).min(1, "Indica la tabla").max(60).describe("La tabla del informe (su `key`)"),
  })
  .superRefine(periodRules);

/**
 * count: a number of things; money: cents; percent: basis points (12,34 % = 1234); ratio: basis
 * points too, shown with one decimal (12,5 %), and null when its denominator is 0 (shown «—»).
 */
export const FIGURE_KINDS = ["count", "money", "percent", "ratio"] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export const ReportSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(FIGURE_KINDS),
});
export type ReportSeries = z.infer<typeof ReportSeriesSchema>;

export const ReportTableSchema = z.object({
  key: z.string().describe("Identificador de la tabla dentro del informe (nombre del CSV)"),
  title: z.string(),
  description: z.string().describe("Qué cuenta, con la definición exacta de cada cifra"),
  chart: z.enum(["bars", "stacked", "grouped"]).describe("Cómo se dibuja: barras, barras apiladas o agrupadas"),
  /** The series drawn (indexes into `series`); the others are shown in the table and the CSV only. */
  charted: z.array(z.number().int().min(0)),
  categoryLabel: z.string().describe("Encabezado de la primera columna (Mes, Ramo, Estado…)"),
  series: z.array(ReportSeriesSchema),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      values: z.array(z.number().int().nullable()).describe("Una cifra por serie; null: un cociente sin denominador (se muestra «—»)"),
    }),
  ),
});
export type ReportTable = z.infer<typeof ReportTableSchema>;

export const ReportSchema = z.object({
  report: z.enum(REPORT_KEYS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  line: z.enum(LINES).nullable(),
  tables: z.array(ReportTableSchema),
});
export type Report = z.infer<typeof ReportSchema>;

// ─── The page's query (/admin/reports?informe=…&periodo=…&from=…&to=…&line=…) ─────────────

export const REPORT_PERIODS = ["este-mes", "mes-anterior", "este-ano", "personalizado"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  "este-mes": "Este mes",
  "mes-anterior": "Mes anterior",
  "este-ano": "Este año",
  personalizado: "Otras fechas",
};

/** What the page's GET form sends; the dates were typed as dd/mm/aaaa and reach this schema as ISO (app/lib/typed-date.ts). */
export const ReportPageQuerySchema = z
  .object({
    informe: z.preprocess(emptyAsUndefined, z.enum(REPORT_KEYS, { errorMap: () => ({ message: "Elige un informe de la lista" }) }).optional()),
    periodo: z.preprocess(emptyAsUndefined, z.enum(REPORT_PERIODS, { errorMap: () => ({ message: "Elige un periodo de la lista" }) }).optional()),
    from: z.preprocess(emptyAsUndefined, ReportFields.from.optional()),
    to: z.preprocess(emptyAsUndefined, ReportFields.to.optional()),
    line: ReportFields.line,
  })
  .superRefine((value, ctx) => {
    const custom = value.periodo === "personalizado" || (!value.periodo && (value.from !== undefined || value.to !== undefined));
    if (!custom) return;
    if (value.from === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["from"], message: "Escribe la fecha «desde» (dd/mm/aaaa)" });
    if (value.to === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "Escribe la fecha «hasta» (dd/mm/aaaa)" });
    periodRules(value, ctx);
  });
export type ReportPageQuery = z.infer<typeof ReportPageQuerySchema>;

/** The days a page query reads, given today (a Madrid day): whole calendar months and years (recibos due later this month count in it). */
export function reportPeriod(
  query: Pick<ReportPageQuery, "periodo" | "from" | "to">,
  today: string,
): { period: ReportPeriod; from: string; to: string } {
  const period: ReportPeriod = query.periodo ?? (query.from && query.to ? "personalizado" : "este-mes");
  const month = `${today.slice(0, 7)}-01`;
  if (period === "personalizado" && query.from && query.to) return { period, from: query.from, to: query.to };
  if (period === "mes-anterior") return { period, from: addMonths(month, -1), to: addDays(month, -1) };
  if (period === "este-ano") return { period, from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  return { period: "este-mes", from: month, to: addDays(addMonths(month, 1), -1) };
}
