import { Link } from "@remix-run/react";
import type { AdminPaymentRow } from "../../../api/contract/admin-payments";
import { formatDate, formatMoney } from "../../../api/contract/format";
import {
  LINE_LABELS,
  LINES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECIBO_KIND_LABELS,
  RECIBO_STATUS_LABELS,
  RECIBO_STATUSES,
} from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { adminPolicyPath } from "~/components/policy/admin-policy-header";
import { ReciboStatusBadge } from "~/components/policy/recibo-status-badge";

/** The filters and columns of /admin/payments (ADR 010: the route keeps its loader and page). */
export const ADMIN_PAYMENTS_PATH = "/admin/payments";
export const adminPaymentPath = (id: number | string) => `${ADMIN_PAYMENTS_PATH}/${id}`;

export const PAYMENT_FILTERS: FilterDef[] = [
  { name: "q", label: "Póliza", hint: "Su número o su comienzo (COT-…).", kind: "search" },
  {
    name: "status",
    label: "Estado",
    kind: "select",
    placeholder: "Todos",
    options: RECIBO_STATUSES.map((s) => ({ value: s, label: RECIBO_STATUS_LABELS[s] })),
  },
  {
    name: "method",
    label: "Medio de pago",
    kind: "select",
    placeholder: "Todos",
    options: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
  },
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((l) => ({ value: l, label: LINE_LABELS[l] })) },
  { name: "dueFrom", label: "Vence desde", kind: "date" },
  { name: "dueTo", label: "Vence hasta", kind: "date" },
  { name: "amountMin", label: "Importe desde", hint: "En euros, por ejemplo 50,00.", kind: "text" },
  { name: "amountMax", label: "Importe hasta", hint: "En euros, por ejemplo 300,00.", kind: "text" },
  { name: "remittance", label: "Remesa", hint: "Su número.", kind: "text" },
];

export const PAYMENT_COLUMNS: Column<AdminPaymentRow>[] = [
  {
    id: "number",
    header: "Recibo",
    sortKey: "policyNumber",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (r) => (
      <Link to={adminPaymentPath(r.id)} className="font-mono">
        {r.number}
      </Link>
    ),
  },
  {
    id: "policy",
    header: "Póliza y tomador",
    cell: (r) => (
      <>
        <Link to={adminPolicyPath(r.policy.id)} className="font-mono">
          {r.policy.number}
        </Link>
        <span className="block text-sm text-slate-600">{r.holder.name}</span>
      </>
    ),
  },
  {
    id: "line",
    header: "Ramo y tipo",
    cell: (r) => (
      <>
        {LINE_LABELS[r.line]}
        <span className="block text-sm text-slate-600">{RECIBO_KIND_LABELS[r.kind]}</span>
      </>
    ),
  },
  {
    id: "period",
    header: "Periodo",
    className: "whitespace-nowrap",
    cell: (r) => (
      <>
        {formatDate(r.period.from)}
        <span className="block">– {formatDate(r.period.to)}</span>
      </>
    ),
  },
  { id: "dueDate", header: "Vencimiento", sortKey: "dueDate", firstDir: "desc", className: "whitespace-nowrap", cell: (r) => formatDate(r.dueDate) },
  {
    id: "amount",
    header: "Importe",
    sortKey: "amount",
    align: "end",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => formatMoney(r.amountCents),
  },
  { id: "method", header: "Medio", cell: (r) => (r.method ? PAYMENT_METHOD_LABELS[r.method] : "—") },
  { id: "status", header: "Estado", sortKey: "status", cell: (r) => <ReciboStatusBadge status={r.status} /> },
  { id: "attempts", header: "Intentos", align: "end", className: "tabular-nums", cell: (r) => r.attempts },
  { id: "lastError", header: "Último error", cell: (r) => r.lastError ?? "—" },
];
