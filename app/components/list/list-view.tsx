// A whole list as every screen shows it: the filter bar, the count sentence, the table (or its
// empty state) and the pagination. A list route declares its columns and filters and passes the
// API's answer; it writes no list markup of its own.
import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ListPage } from "../../../api/contract/list-query";
import { focusTarget } from "~/components/focus-on-navigation";
import { countSentence, Pagination, type ItemsLabel } from "~/components/ui/pagination";
import { DataTable, type Column } from "./data-table";
import { clearFiltersHref, FilterBar, type FilterDef } from "./filter-bar";

export type ListViewProps<Row> = {
  /** The API's answer; null when the filters were refused (nothing was read). */
  list: ListPage<Row> | null;
  /** Plural noun for the count: "usuarios". */
  itemsLabel: ItemsLabel;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** Shown when nothing matches and no filter is on: what to do first. */
  empty: ReactNode;
  filters?: { id: string; label: string; defs: readonly FilterDef[]; values: Record<string, string>; lastResult?: SubmissionResult<string[]> | null };
  minWidth?: string;
};

export function ListView<Row>({ list, itemsLabel, caption, columns, rowKey, empty, filters, minWidth }: ListViewProps<Row>) {
  const { pathname, search } = useLocation();
  const filtered = Boolean(filters && filters.defs.some((def) => filters.values[def.name]));
  const clearHref = clearFiltersHref(pathname, search);
  return (
    <div className="space-y-4">
      {filters ? (
        <FilterBar id={filters.id} label={filters.label} filters={filters.defs} values={filters.values} lastResult={filters.lastResult} />
      ) : null}
      {list ? (
        <>
          {/* After a search, focus comes here (the search form is replaced): what was found, then the table. */}
          <p className="text-sm text-slate-700" aria-live="polite" {...focusTarget("resultados")}>
            {countSentence({ ...list, itemsLabel })}
          </p>
          <DataTable
            caption={caption}
            columns={columns}
            rows={list.items}
            rowKey={rowKey}
            sort={list.sort}
            dir={list.dir}
            minWidth={minWidth}
            empty={
              filtered ? (
                <p>
                  Ningún resultado con estos filtros. <a href={clearHref}>Quitar filtros</a> o prueba con otros.
                </p>
              ) : (
                empty
              )
            }
          />
          <Pagination
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            totalCapped={list.totalCapped}
            itemsLabel={itemsLabel}
            showCount={false}
          />
        </>
      ) : (
        <p className="text-slate-700">Corrige los filtros para ver la lista.</p>
      )}
    </div>
  );
}

/** The CSV of exactly the filtered list: the list's own query, without the page. */
export function CsvLink({ path, label = "Exportar CSV" }: { path: string; label?: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("pageSize");
  const query = params.toString();
  return (
    // A plain link: the file comes from a resource route (no client-side navigation).
    <a href={query ? `${path}?${query}` : path} className="btn-secondary" download>
      {label}
      <span className="sr-only">{query ? " con los filtros aplicados" : " de la lista completa"}</span>
    </a>
  );
}
