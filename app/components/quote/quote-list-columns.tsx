import type { AdminQuoteRow } from "../../../api/contract/admin-quotes";
import { formatDate, formatDateTime, formatMoney, isoDateTime } from "../../../api/contract/format";
import { LINE_LABELS, LINES, QUOTE_STATUS_LABELS, QUOTE_STATUS_TONES, QUOTE_STATUSES } from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { Badge } from "~/components/ui/badge";

/** The filters and columns of /admin/quotes (ADR 010: the route keeps its loader and its page). */
export const ADMIN_QUOTES_PATH = "/admin/quotes";

export const QUOTE_FILTERS: FilterDef[] = [
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((l) => ({ value: l, label: LINE_LABELS[l] })) },
  {
    name: "status",
    label: "Estado",
    kind: "select",
    placeholder: "Todos",
    options: QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })),
  },
  {
    name: "waiting",
    label: "Para llamar",
    hint: "De un visitante con cuenta, válidas y sin contratar un día después.",
    kind: "select",
    placeholder: "Todas",
    options: [{ value: "true", label: "Esperan una llamada" }],
  },
];

export const QUOTE_COLUMNS: Column<AdminQuoteRow>[] = [
  {
    id: "createdAt",
    header: "Fecha",
    sortKey: "createdAt",
    firstDir: "desc",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (q) => <time dateTime={isoDateTime(q.createdAt)}>{formatDateTime(q.createdAt)}</time>,
  },
  { id: "line", header: "Ramo", cell: (q) => LINE_LABELS[q.line] },
  { id: "status", header: "Estado", cell: (q) => <Badge tone={QUOTE_STATUS_TONES[q.status]}>{QUOTE_STATUS_LABELS[q.status]}</Badge> },
  {
    id: "visitor",
    header: "Visitante",
    className: "break-all",
    cell: (q) =>
      q.visitor ? (
        <>
          {q.visitor.name}
          <a className="block text-sm" href={`mailto:${q.visitor.email}`}>
            {q.visitor.email}
          </a>
        </>
      ) : q.byPhone ? (
        "Venta por teléfono"
      ) : (
        "Sin cuenta"
      ),
  },
  { id: "validUntil", header: "Válida hasta", className: "whitespace-nowrap", cell: (q) => formatDate(q.validUntil) },
  {
    id: "bestPrice",
    header: "Mejor precio",
    align: "end",
    className: "whitespace-nowrap tabular-nums",
    cell: (q) => (q.bestPriceCents === null ? "—" : formatMoney(q.bestPriceCents)),
  },
];
