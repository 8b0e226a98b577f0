import { Link } from "@remix-run/react";
import type { AdminEmailRow } from "../../../api/contract/emails";
import { formatDateTime } from "../../../api/contract/format";
import { EMAIL_STATUS_LABELS, EMAIL_STATUS_TONES, EMAIL_STATUSES, EMAIL_TEMPLATE_LABELS, EMAIL_TEMPLATES } from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { adminPolicyPath } from "~/components/policy/admin-policy-header";
import { Badge } from "~/components/ui/badge";

/** The filters and columns of /admin/email, the outbox (ADR 010: the route keeps its loader and page; ADR 039). */
export const ADMIN_EMAIL_PATH = "/admin/email";
export const adminEmailPath = (id: number) => `${ADMIN_EMAIL_PATH}/${id}`;
export const adminEmailHtmlPath = (id: number) => `${ADMIN_EMAIL_PATH}/${id}/html`;

export function EmailStatusBadge({ status }: { status: AdminEmailRow["status"] }) {
  return <Badge tone={EMAIL_STATUS_TONES[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}

export const EMAIL_FILTERS: FilterDef[] = [
  { name: "q", label: "Buscar", hint: "Dirección, palabras del asunto o número de póliza.", kind: "search" },
  {
    name: "status",
    label: "Estado",
    kind: "select",
    placeholder: "Todos",
    options: EMAIL_STATUSES.map((s) => ({ value: s, label: EMAIL_STATUS_LABELS[s] })),
  },
  {
    name: "template",
    label: "Tipo de correo",
    kind: "select",
    placeholder: "Todos",
    options: EMAIL_TEMPLATES.map((t) => ({ value: t, label: EMAIL_TEMPLATE_LABELS[t] })),
  },
  { name: "policy", label: "Póliza", hint: "Número exacto (COT-…).", kind: "text" },
  { name: "client", label: "Cliente", hint: "Su número de cliente.", kind: "text" },
  { name: "from", label: "Desde", kind: "date" },
  { name: "to", label: "Hasta", kind: "date" },
];

export const EMAIL_COLUMNS: Column<AdminEmailRow>[] = [
  {
    id: "subject",
    header: "Asunto",
    sortKey: "subject",
    rowHeader: true,
    cell: (r) => (
      <>
        <Link to={adminEmailPath(r.id)}>{r.subject}</Link>
        <span className="block text-sm text-slate-600">{r.template ? EMAIL_TEMPLATE_LABELS[r.template] : "Sin tipo"}</span>
      </>
    ),
  },
  { id: "to", header: "Para", sortKey: "to", className: "break-all", cell: (r) => r.to },
  {
    id: "about",
    header: "Póliza o cliente",
    cell: (r) =>
      r.policy || r.client ? (
        <>
          {r.policy ? (
            <Link to={adminPolicyPath(r.policy.id)} className="block font-mono">
              {r.policy.number}
            </Link>
          ) : null}
          {r.client ? (
            <Link to={`/admin/clients/${r.client.id}`} className="block">
              {r.client.name}
            </Link>
          ) : null}
        </>
      ) : (
        "—"
      ),
  },
  { id: "status", header: "Estado", sortKey: "status", cell: (r) => <EmailStatusBadge status={r.status} /> },
  {
    id: "attempts",
    header: "Intentos",
    sortKey: "attempts",
    align: "end",
    className: "tabular-nums",
    cell: (r) => (
      <>
        {r.attempts}
        {r.lastError ? (
          <span className="block max-w-[16rem] break-words text-left text-sm text-red-800" title={r.lastError}>
            {r.lastError.length > 80 ? `${r.lastError.slice(0, 80)}…` : r.lastError}
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: "createdAt",
    header: "Creado",
    sortKey: "createdAt",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (r) => (
      <>
        {formatDateTime(r.createdAt)}
        {r.sentAt ? <span className="block text-sm text-slate-600">Enviado {formatDateTime(r.sentAt)}</span> : null}
      </>
    ),
  },
];
