import { Link } from "@remix-run/react";
import { formatDateTime, formatIsoDate, formatMoney } from "../../../api/contract/format";
import { REMITTANCE_STATUS_LABELS, REMITTANCE_STATUSES, type RemittanceRow } from "../../../api/contract/remittances";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { Badge } from "~/components/ui/badge";

/** The filters and columns of /admin/payments/remittances (ADR 010: the route keeps its loader and page). */
export const REMITTANCES_PATH = "/admin/payments/remittances";
export const remittancePath = (id: number) => `${REMITTANCES_PATH}/${id}`;

export const REMITTANCE_FILTERS: FilterDef[] = [
  {
    name: "status",
    label: "Estado",
    hint: "Abierta: el banco aún puede devolver adeudos.",
    kind: "select",
    placeholder: "Todas",
    options: REMITTANCE_STATUSES.map((s) => ({ value: s, label: REMITTANCE_STATUS_LABELS[s] })),
  },
  { name: "collectionFrom", label: "Cobro desde", hint: "Día incluido.", kind: "date" },
  { name: "collectionTo", label: "Cobro hasta", hint: "Día incluido.", kind: "date" },
];

export const REMITTANCE_COLUMNS: Column<RemittanceRow>[] = [
  { id: "id", header: "Remesa", rowHeader: true, className: "whitespace-nowrap", cell: (r) => <Link to={remittancePath(r.id)}>Remesa {r.id}</Link> },
  {
    id: "collectionDate",
    header: "Fecha de cobro",
    sortKey: "collectionDate",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (r) => formatIsoDate(r.collectionDate),
  },
  { id: "count", header: "Recibos", align: "end", className: "tabular-nums", cell: (r) => r.count },
  { id: "total", header: "Total", align: "end", className: "whitespace-nowrap tabular-nums", cell: (r) => formatMoney(r.totalCents) },
  {
    id: "status",
    header: "Estado",
    cell: (r) => <Badge tone={r.status === "abierta" ? "info" : "success"}>{REMITTANCE_STATUS_LABELS[r.status]}</Badge>,
  },
  {
    id: "createdAt",
    header: "Generada",
    sortKey: "createdAt",
    firstDir: "desc",
    cell: (r) => `${formatDateTime(r.createdAt)}${r.createdByLabel ? ` · ${r.createdByLabel}` : ""}`,
  },
];
