import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  REPORT_KEYS,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_TITLES,
  ReportPageQuerySchema,
  ReportSchema,
  reportPeriod,
  type ReportKey,
  type ReportPageQuery,
} from "../../api/contract/reports";
import { formatIsoDate } from "../../api/contract/format";
import { LINE_LABELS, LINES } from "../../api/contract/vocabulary";
import { madridParts } from "../../platform/madrid-time";
import { FilterBar, type FilterDef } from "~/components/list/filter-bar";
import { ReportSection } from "~/components/report/report-section";
import { adminLoader } from "~/lib/admin-route.server";
import { readListQuery } from "~/lib/list.server";
import { adminTitle } from "~/lib/page-title";
import { chartLayout } from "~/lib/report-chart.server";

/** /admin/reports (ADR 034): one business report of a period and a line, as charts, tables and CSV. */
const ROUTE_ID = "routes/admin.reports._index";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data && !data.report ? "Error: Informes" : "Informes", matches) },
];

const FILTERS: FilterDef[] = [
  {
    name: "periodo",
    label: "Periodo",
    kind: "select",
    placeholder: "Este mes",
    options: REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] })),
  },
  { name: "from", label: "Desde", hint: "Solo para «Otras fechas»", kind: "date" },
  { name: "to", label: "Hasta", hint: "Solo para «Otras fechas»", kind: "date" },
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((l) => ({ value: l, label: LINE_LABELS[l] })) },
];

function today(): string {
  const p = madridParts(new Date());
  return `${p.year}-${p.month}-${p.day}`;
}

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, request, headers }) => {
    const read = readListQuery(request, ReportPageQuerySchema, headers);
    const url = new URL(request.url);
    const informe: ReportKey = REPORT_KEYS.find((k) => k === url.searchParams.get("informe")) ?? "cartera";
    // The report's own choice is not a filter of the bar: the bar's "Quitar filtros" keeps it out of its values.
    const { informe: _chosen, ...filters } = read.filters;
    if (!read.ok) return { informe, filters, filterResult: read.filterResult, report: null, layouts: [], csv: [] };
    const query = read.query as ReportPageQuery;
    const { period, from, to } = reportPeriod(query, today());
    const report = await api.get(`/admin/reports/${informe}`, {
      query: { from, to, line: query.line },
      schema: ReportSchema,
      signal: request.signal,
    });
    const csvQuery = (table: string) => new URLSearchParams({ informe, tabla: table, from, to, ...(query.line ? { line: query.line } : {}) });
    return {
      informe,
      filters,
      filterResult: null,
      report: { ...report, period },
      layouts: report.tables.map((t) => chartLayout(t)),
      csv: report.tables.map((t) => `/admin/reports.csv?${csvQuery(t.key)}`),
    };
  });

/** A report's address with the same period and line. */
function reportHref(key: ReportKey, filters: Record<string, string>): string {
  const params = new URLSearchParams({ informe: key, ...filters });
  return `/admin/reports?${params}`;
}

export default function ReportsPage() {
  const { informe, filters, filterResult, report, layouts, csv } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Informes</h1>
        <p className="mt-1 text-slate-700">
          Las cifras del negocio de un periodo: primas, cartera, conversión, cobros, bajas, suplementos y siniestros.
        </p>
      </header>
      <nav aria-label="Informes" className="print:hidden">
        <ul className="flex flex-wrap gap-2">
          {REPORT_KEYS.map((key) => (
            <li key={key}>
              <Link
                to={reportHref(key, filters)}
                aria-current={key === informe ? "page" : undefined}
                className={`inline-flex min-h-[44px] items-center rounded-md border px-3 ${key === informe ? "border-brand-800 bg-brand-800 font-semibold text-white no-underline" : "border-slate-300 bg-white"}`}
              >
                {REPORT_TITLES[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="print:hidden">
        <FilterBar
          id="periodo-informe"
          label="Periodo y ramo del informe"
          filters={FILTERS}
          values={filters}
          lastResult={filterResult}
          keep={["informe"]}
        />
      </div>
      {report ? (
        <>
          <p className="text-lg">
            <strong>{report.title}</strong>
            {`: ${REPORT_PERIOD_LABELS[report.period].toLowerCase()}, del ${formatIsoDate(report.from)} al ${formatIsoDate(report.to)}`}
            {report.line ? `, ramo ${LINE_LABELS[report.line]}` : ", todos los ramos"}.
          </p>
          {report.tables.map((table, i) => (
            <ReportSection key={table.key} table={table} layout={layouts[i]!} csvHref={csv[i]!} />
          ))}
        </>
      ) : (
        <p>Corrige el periodo para ver el informe.</p>
      )}
    </div>
  );
}
