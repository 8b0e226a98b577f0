// The list kit's table: columns are declared (header, cell, alignment, optional sort key), the
// markup is the same everywhere. Sortable headers are plain links (no JavaScript needed) with
// aria-sort on the sorted one; money is right-aligned; row actions are the last column.
import { Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SortDirection } from "../../../api/contract/list-query";
import { ScrollRegion } from "~/components/ui/scroll-region";

export type Column<Row> = {
  /** Unique within the table. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** "end" for amounts and row actions. */
  align?: "start" | "end";
  /** The contract's sort key for this column: the header becomes a sort link. */
  sortKey?: string;
  /** Direction of the first click on this header (dates and amounts read best newest/biggest first). */
  firstDir?: SortDirection;
  /** The cell that names the row (rendered as a row header). */
  rowHeader?: boolean;
  className?: string;
};

export type DataTableProps<Row> = {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The order the rows are in (from the API's answer). */
  sort?: string;
  dir?: SortDirection;
  /** Shown instead of the table when there are no rows: say why, and the next step. */
  empty: ReactNode;
  minWidth?: string;
};

/** The link that orders the list by `key`, keeping its filters and going back to page 1. */
export function sortHref(pathname: string, search: string, key: string, dir: SortDirection): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.set("sort", key);
  params.set("dir", dir);
  return `${pathname}?${params}`;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const DIR_TEXT = { asc: "ascendente", desc: "descendente" } as const;

/** True while the list's own URL (another page, order or filter) is loading. */
export function useListPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}

export function DataTable<Row>({ caption, columns, rows, rowKey, sort, dir, empty, minWidth = "44rem" }: DataTableProps<Row>) {
  const { pathname, search } = useLocation();
  const pending = useListPending();
  if (rows.length === 0) return <div className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-slate-700">{empty}</div>;
  return (
    <ScrollRegion
      label={caption}
      busy={pending}
      className={`rounded-md border border-slate-200 bg-white transition-opacity ${pending ? "opacity-60" : ""}`}
    >
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => {
              const sorted = column.sortKey !== undefined && column.sortKey === sort && dir !== undefined;
              const nextDir: SortDirection = sorted ? (dir === "asc" ? "desc" : "asc") : (column.firstDir ?? "asc");
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sorted ? ARIA_SORT[dir] : undefined}
                  className={`px-3 py-2 font-semibold ${column.align === "end" ? "text-right" : ""}`}
                >
                  {column.sortKey ? (
                    <Link
                      to={sortHref(pathname, search, column.sortKey, nextDir)}
                      className="inline-flex items-center gap-1 text-slate-800 underline-offset-2 hover:underline"
                      preventScrollReset
                    >
                      {column.header}
                      <span aria-hidden="true" className="text-xs">
                        {sorted ? (dir === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                      <span className="sr-only">, ordenar {DIR_TEXT[nextDir]}</span>
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const className = `px-3 py-2 ${column.align === "end" ? "text-right tabular-nums" : ""} ${column.className ?? ""}`;
                return column.rowHeader ? (
                  <th key={column.id} scope="row" className={`${className} font-medium`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
