// One table of a report (ADR 034): its title and definition, the chart, the legend, the same figures
// as a table in a "Ver tabla" disclosure, and the CSV of those figures.
import type { ReportTable } from "../../../api/contract/reports";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { ChartLayout } from "~/lib/report-chart.server";
import { fullFigure } from "~/lib/report-figures";
import { BarChart, Swatch } from "./bar-chart";

export function ReportSection({ table, layout, csvHref }: { table: ReportTable; layout: ChartLayout; csvHref: string }) {
  const id = `informe-${table.key}`;
  return (
    <section aria-labelledby={`${id}-h`} className="break-inside-avoid rounded-md border border-slate-200 bg-white p-4">
      <h2 id={`${id}-h`} className="text-xl font-bold">
        {table.title}
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">{table.description}</p>
      {table.rows.length === 0 ? (
        <p className="mt-3">No hay datos en este periodo.</p>
      ) : (
        <>
          {layout.series.length > 1 ? (
            <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Leyenda">
              {layout.series.map((s, i) => (
                <li key={s.index} className="flex items-center gap-2">
                  <Swatch id={id} index={i} />
                  {s.label}
                </li>
              ))}
            </ul>
          ) : null}
          <figure className="mt-3">
            <BarChart id={id} title={table.title} layout={layout} />
          </figure>
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-800">Ver tabla</summary>
            <ScrollRegion label={`${table.title}, tabla desplazable`} className="mt-2 overflow-auto">
              <table className="w-full border-separate border-spacing-0 text-left text-sm">
                <caption className="sr-only">{table.title}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="border-b border-slate-300 bg-slate-50 px-3 py-2 font-semibold">
                      {table.categoryLabel}
                    </th>
                    {table.series.map((s) => (
                      <th key={s.key} scope="col" className="border-b border-slate-300 bg-slate-50 px-3 py-2 text-right font-semibold">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className="border-b border-slate-100 px-3 py-2 font-normal">
                        {row.label}
                      </th>
                      {row.values.map((value, i) => (
                        <td key={i} className="whitespace-nowrap border-b border-slate-100 px-3 py-2 text-right tabular-nums">
                          {fullFigure(table.series[i]!.kind, value)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </>
      )}
      <p className="mt-3 print:hidden">
        <a href={csvHref} download aria-label={`Descargar CSV: ${table.title}`}>
          Descargar CSV
        </a>
      </p>
    </section>
  );
}
