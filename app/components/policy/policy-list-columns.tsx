import { Link } from "@remix-run/react";
import type { AdminPolicyRow } from "../../../api/contract/admin-policies";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { LINE_LABELS, LINES, POLICY_STATUS_LABELS, POLICY_STATUSES } from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { adminPolicyPath } from "~/components/policy/admin-policy-header";
import { PolicyNumber } from "~/components/policy/policy-number";
import { PolicyStatusBadge } from "~/components/policy/policy-status-badge";

/** The filters and columns of /admin/policies (ADR 010: the route keeps its loader, action and page). */
export const POLICY_FILTERS: FilterDef[] = [
  {
    name: "q",
    label: "Buscar",
    hint: "Número (COT-…); NIF/NIE del tomador o su comienzo (B0001); 3 letras o más de su nombre o correo; matrícula (1234 BCD) o código postal de la vivienda.",
    kind: "search",
  },
  {
    name: "status",
    label: "Estado",
    kind: "select",
    placeholder: "Todos",
    options: POLICY_STATUSES.map((s) => ({ value: s, label: POLICY_STATUS_LABELS[s] })),
  },
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((l) => ({ value: l, label: LINE_LABELS[l] })) },
  { name: "startFrom", label: "Efecto desde", kind: "date" },
  { name: "startTo", label: "Efecto hasta", kind: "date" },
  { name: "renewalWithin", label: "Vence en los próximos", hint: "Número de días (1 a 365).", kind: "text" },
];

export const POLICY_COLUMNS: Column<AdminPolicyRow>[] = [
  {
    id: "number",
    header: "Póliza",
    sortKey: "number",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (p) => (
      <Link to={adminPolicyPath(p.id)}>
        <PolicyNumber number={p.number} />
      </Link>
    ),
  },
  {
    id: "holder",
    header: "Tomador",
    cell: (p) => (
      <>
        {p.holder.name}
        {p.holder.nif ? <span className="block text-sm text-slate-600">{p.holder.nif}</span> : null}
      </>
    ),
  },
  { id: "line", header: "Ramo", cell: (p) => LINE_LABELS[p.line] },
  { id: "plan", header: "Plan", cell: (p) => p.planName },
  { id: "status", header: "Estado", cell: (p) => <PolicyStatusBadge status={p.status} /> },
  { id: "startDate", header: "Efecto", sortKey: "startDate", firstDir: "desc", className: "whitespace-nowrap", cell: (p) => formatDate(p.startDate) },
  { id: "endDate", header: "Vencimiento", sortKey: "endDate", className: "whitespace-nowrap", cell: (p) => formatDate(p.endDate) },
  { id: "total", header: "Prima total", align: "end", className: "whitespace-nowrap tabular-nums", cell: (p) => formatMoney(p.totalPremiumCents) },
];
