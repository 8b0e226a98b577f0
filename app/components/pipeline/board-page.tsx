// What both board pages and both list views share: the board's filters (the list kit's GET
// filter bar, so they live in the URL), and the links between a board and its list.
import { Link, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { LeadOwner } from "../../../api/contract/pipeline-leads";
import { LINES, LINE_LABELS } from "../../../api/contract/vocabulary";
import { filtersSearch } from "./board-model";
import { FilterBar, type FilterDef } from "~/components/list/filter-bar";

const COMMON_FILTERS: readonly FilterDef[] = [
  { name: "line", label: "Seguro", kind: "select", placeholder: "Todos", options: LINES.map((line) => ({ value: line, label: LINE_LABELS[line] })) },
  { name: "minAgeDays", label: "Días en la etapa (mínimo)", hint: "Por ejemplo, 7", kind: "text" },
  { name: "stale", label: "Actividad", kind: "select", placeholder: "Todas", options: [{ value: "true", label: "Solo sin actividad" }] },
];

/** The sales board's filters: the owner (mine, or one of the staff who may own leads) first. */
export function leadBoardFilters(owners: readonly LeadOwner[]): FilterDef[] {
  const ownerFilter: FilterDef = {
    name: "owner",
    label: "Comercial",
    kind: "select",
    placeholder: "Todos",
    options: [{ value: "me", label: "Mis oportunidades" }, ...owners.map((o) => ({ value: String(o.id), label: o.name }))],
  };
  return [ownerFilter, ...COMMON_FILTERS];
}
/** The client board's: clients have no owner. */
export const CLIENT_BOARD_FILTERS: readonly FilterDef[] = COMMON_FILTERS;

export function BoardFilterBar({
  id,
  filters,
  values,
  lastResult,
}: {
  id: string;
  filters: readonly FilterDef[];
  values: Record<string, string>;
  lastResult: SubmissionResult<string[]> | null;
}) {
  return <FilterBar id={id} label="Filtrar el tablero" filters={filters} values={values} lastResult={lastResult} />;
}

/** A link to the other view (board ↔ list) with the same filters. */
export function SameFiltersLink({ to, children }: { to: string; children: ReactNode }) {
  const { search } = useLocation();
  return (
    <Link to={`${to}${filtersSearch(search)}`} className="btn-secondary">
      {children}
    </Link>
  );
}

/** The page's heading, its sentence and its buttons. */
export function BoardHeader({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-slate-700">{intro}</p>
      </div>
      <div className="flex flex-wrap items-start gap-3">{children}</div>
    </header>
  );
}
