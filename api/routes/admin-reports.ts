// /admin/reports/{report} (ADR 034): the business reports of a period and a line, each a list of
// figure tables (what the page draws, tabulates and exports). Needs reports:read.
import { z } from "zod";
import {
  REPORT_TITLES,
  ReportExportQuerySchema,
  ReportParamSchema,
  ReportQuerySchema,
  ReportSchema,
  type FigureKind,
  type Report,
  type ReportKey,
  type ReportQuery,
  type ReportTable,
} from "../contract/reports";
import { csvAttachment, csvMoney, csvStream } from "../csv";
import type { DbOrTx } from "../db/client";
import {
  cancellationsByReason,
  claimsDeclared,
  claimsPaid,
  contractMoves,
  earnedPremiums,
  endorsementsByMonth,
  nonRenewals,
  policiesInForceDuring,
  portfolioByPlan,
  premiumsByMonth,
  quoteConversion,
  recibosByStatus,
  topAddedGuarantees,
} from "../db/reports.repo";
import { bajasTables, carteraTables, conversionTables, recibosTables, siniestrosTables, suplementosTables } from "../domain/report-tables";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { adminRoute } from "./admin-endpoints";

const reportRoute = adminRoute({
  method: "get",
  path: "/admin/reports/{report}",
  operationId: "getAdminReport",
  tags: ["Administración: informes"],
  summary: "Un informe de negocio de un periodo (y un ramo): sus tablas de cifras",
  description:
    "cartera: primas emitidas por mes (nueva producción y renovaciones), pólizas en vigor al final de cada mes, cartera por ramo y plan. " +
    "conversion: cotizaciones y contratadas por ramo y por canal. recibos: por estado, cobrado/pendiente/devuelto, tasa de devolución. " +
    "bajas: anulaciones por motivo (con desistimientos) y no renovaciones. suplementos: por mes y garantías más añadidas. " +
    "siniestros: declarados por mes, estado y ramo, frecuencia por cada 100 pólizas en vigor y siniestralidad (indemnizaciones pagadas / primas devengadas). " +
    "Importes en céntimos, porcentajes y cocientes en puntos básicos (un cociente sin denominador es null). Periodo de 5 años como máximo.",
  request: { params: ReportParamSchema, query: ReportQuerySchema },
  responses: { 200: { description: "El informe", content: jsonContent(ReportSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/reports/{report}/export",
  operationId: "exportAdminReportTable",
  tags: ["Administración: informes"],
  summary: "Exporta en CSV una tabla de un informe: las mismas cifras que la gráfica y su tabla",
  description:
    "Mismo periodo y ramo que /admin/reports/{report}; `table` elige la tabla. UTF-8 con BOM, separado por punto y coma; importes en euros con coma decimal (1234,50), porcentajes con coma (12,34; un cociente con un decimal, 12,5, y vacío sin denominador), sin separador de miles.",
  request: { params: ReportParamSchema, query: ReportExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const UNIT: Record<FigureKind, string> = { count: "", money: " (€)", percent: " (%)", ratio: " (%)" };
const percentFormat = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
const ratioFormat = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
/** A figure as a Spanish spreadsheet reads a number: no currency sign, no grouping, decimal comma; a ratio without denominator, an empty cell. */
export function csvFigure(kind: FigureKind, value: number | null): string {
  if (value === null) return "";
  if (kind === "money") return csvMoney(value);
  if (kind === "percent") return percentFormat.format(value / 100);
  if (kind === "ratio") return ratioFormat.format(value / 100);
  return String(value);
}

const BUILDERS: Record<ReportKey, (db: DbOrTx, q: ReportQuery) => Promise<ReportTable[]>> = {
  cartera: async (db, q) => {
    const [premiums, moves, plans] = await Promise.all([premiumsByMonth(db, q), contractMoves(db, q), portfolioByPlan(db, q)]);
    return carteraTables(q, premiums, moves, plans);
  },
  conversion: async (db, q) => conversionTables(await quoteConversion(db, q)),
  recibos: async (db, q) => recibosTables(q, await recibosByStatus(db, q)),
  bajas: async (db, q) => {
    const [cancelled, expired] = await Promise.all([cancellationsByReason(db, q), nonRenewals(db, q)]);
    return bajasTables(cancelled, expired);
  },
  suplementos: async (db, q) => {
    const [months, top] = await Promise.all([endorsementsByMonth(db, q), topAddedGuarantees(db, q)]);
    return suplementosTables(q, months, top);
  },
  siniestros: async (db, q) => {
    const [declared, inForce, paid, earned] = await Promise.all([
      claimsDeclared(db, q),
      policiesInForceDuring(db, q),
      claimsPaid(db, q),
      earnedPremiums(db, q),
    ]);
    return siniestrosTables(q, { declared, inForce, paid, earned });
  },
};

/** One report of a period. */
export async function buildReport(db: DbOrTx, report: ReportKey, q: ReportQuery): Promise<Report> {
  return { report, title: REPORT_TITLES[report], from: q.from, to: q.to, line: q.line ?? null, tables: await BUILDERS[report](db, q) };
}

export function registerAdminReportRoutes(api: ApiApp) {
  api.openapi(reportRoute, async (c) => c.json(await buildReport(c.var.deps.readDb, c.req.valid("param").report, c.req.valid("query")), 200));
  api.openapi(exportRoute, async (c) => {
    const { report } = c.req.valid("param");
    const { table: key, ...query } = c.req.valid("query");
    const table = (await buildReport(c.var.deps.readDb, report, query)).tables.find((t) => t.key === key);
    if (!table) throw new ApiProblem(404, "Ese informe no tiene esa tabla");
    async function* batches() {
      yield table!.rows;
    }
    return csvAttachment(
      c,
      `informe-${table.key}`,
      csvStream({
        header: [table.categoryLabel, ...table.series.map((s) => s.label + UNIT[s.kind])],
        batches: batches(),
        row: (row) => [row.label, ...row.values.map((value, i) => csvFigure(table.series[i]!.kind, value))],
      }),
    );
  });
}
