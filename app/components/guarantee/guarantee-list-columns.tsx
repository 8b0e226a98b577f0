import { Link } from "@remix-run/react";
import { describeGuaranteePrice, GUARANTEE_STATE_LABELS, GUARANTEE_STATES, type GuaranteeRow } from "../../../api/contract/guarantees";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { LINE_LABELS, LINES } from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { Badge } from "~/components/ui/badge";

/** The filters and columns of /admin/guarantees (ADR 010: the route keeps its loader and page). */
export const ADMIN_GUARANTEES_PATH = "/admin/guarantees";

export const GUARANTEE_FILTERS: FilterDef[] = [
  { name: "q", label: "Buscar", hint: "Parte del código o del nombre.", kind: "search" },
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((value) => ({ value, label: LINE_LABELS[value] })) },
  {
    name: "state",
    label: "Estado",
    kind: "select",
    placeholder: "Activas e inactivas",
    options: GUARANTEE_STATES.map((value) => ({ value, label: GUARANTEE_STATE_LABELS[value] })),
  },
];

const planNames = (plans: { name: string }[]) => (plans.length ? plans.map((p) => p.name).join(", ") : "—");

export const GUARANTEE_COLUMNS: Column<GuaranteeRow>[] = [
  { id: "line", header: "Ramo", sortKey: "line", className: "whitespace-nowrap", cell: (g) => LINE_LABELS[g.line] },
  { id: "code", header: "Código", sortKey: "code", className: "font-mono text-sm break-all", cell: (g) => g.code },
  { id: "name", header: "Nombre", sortKey: "name", rowHeader: true, cell: (g) => g.name },
  { id: "includedIn", header: "Incluida en", cell: (g) => planNames(g.includedIn) },
  { id: "optionalIn", header: "Opcional en", cell: (g) => planNames(g.optionalIn) },
  {
    id: "price",
    header: "Precio",
    align: "end",
    className: "whitespace-nowrap",
    cell: (g) => (
      <>
        {describeGuaranteePrice(g.price.priceType, g.price.priceValue)}
        {g.nextPrice ? (
          <span className="block text-sm text-slate-700">
            {describeGuaranteePrice(g.nextPrice.priceType, g.nextPrice.priceValue)} desde el {formatDate(g.nextPrice.validFrom)}
          </span>
        ) : null}
      </>
    ),
  },
  { id: "limit", header: "Límite", cell: (g) => g.limitText ?? (g.limitCents !== null ? formatMoney(g.limitCents) : "—") },
  {
    id: "deductible",
    header: "Franquicia",
    align: "end",
    className: "whitespace-nowrap",
    cell: (g) => (g.deductibleCents ? formatMoney(g.deductibleCents) : "Sin franquicia"),
  },
  { id: "active", header: "Estado", cell: (g) => <Badge tone={g.active ? "success" : "neutral"}>{g.active ? "Activa" : "Inactiva"}</Badge> },
  { id: "livePolicies", header: "Pólizas vivas", align: "end", cell: (g) => g.livePolicies },
  {
    id: "actions",
    header: <span className="sr-only">Acciones</span>,
    align: "end",
    cell: (g) => (
      <Link to={`${ADMIN_GUARANTEES_PATH}/${g.id}`}>
        Ver<span className="sr-only"> la garantía {g.name}</span>
      </Link>
    ),
  },
];
