import { Link } from "@remix-run/react";
import type { ClaimRow } from "../../../api/contract/claim-views";
import { CLAIM_EVENT_TYPE_INFO, CLAIM_STATUS_LABELS, CLAIM_STATUSES } from "../../../api/contract/claim-vocabulary";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { LINE_LABELS, LINES } from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { ClaimStatusBadge } from "~/components/claim/claim-status-badge";

export const ADMIN_CLAIMS_PATH = "/admin/claims";
export const adminClaimPath = (id: number | string) => `${ADMIN_CLAIMS_PATH}/${id}`;

/** The filters of /admin/claims (ADR 010): the handler's options are the people who may handle claims. */
export function claimFilters(handlers: readonly { id: number; name: string }[]): FilterDef[] {
  return [
    { name: "q", label: "Buscar", hint: "Número del siniestro (SIN-…) o de la póliza, o nombre del tomador.", kind: "search" },
    {
      name: "status",
      label: "Estado",
      kind: "select",
      placeholder: "Todos",
      options: CLAIM_STATUSES.map((s) => ({ value: s, label: CLAIM_STATUS_LABELS[s] })),
    },
    { name: "line", label: "Seguro", kind: "select", placeholder: "Todos", options: LINES.map((l) => ({ value: l, label: LINE_LABELS[l] })) },
    {
      name: "handler",
      label: "Tramitador",
      kind: "select",
      placeholder: "Cualquiera",
      options: [
        { value: "me", label: "Míos" },
        { value: "none", label: "Sin asignar" },
        ...handlers.map((h) => ({ value: String(h.id), label: h.name })),
      ],
    },
    { name: "minAgeDays", label: "Declarados hace al menos", hint: "Número de días.", kind: "text" },
    { name: "minReserveEuros", label: "Reserva de al menos", hint: "En euros, sin decimales.", kind: "text" },
  ];
}

export const CLAIM_COLUMNS: Column<ClaimRow>[] = [
  {
    id: "number",
    header: "Siniestro",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (c) => <Link to={adminClaimPath(c.id)}>{c.number}</Link>,
  },
  { id: "status", header: "Estado", cell: (c) => <ClaimStatusBadge status={c.status} /> },
  {
    id: "type",
    header: "Qué pasó",
    cell: (c) => (
      <>
        {LINE_LABELS[c.line]}
        <span className="block text-sm text-slate-600">{CLAIM_EVENT_TYPE_INFO[c.eventType].label}</span>
      </>
    ),
  },
  {
    id: "holder",
    header: "Tomador y póliza",
    cell: (c) => (
      <>
        {c.holder}
        <span className="block text-sm text-slate-600">{c.policy.number}</span>
      </>
    ),
  },
  {
    id: "occurredAt",
    header: "Ocurrido",
    sortKey: "occurredAt",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (c) => formatDate(c.occurredAt),
  },
  {
    id: "declaredAt",
    header: "Declarado",
    sortKey: "declaredAt",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (c) => formatDate(c.declaredAt),
  },
  {
    id: "reserve",
    header: "Reserva",
    sortKey: "reserve",
    firstDir: "desc",
    align: "end",
    className: "whitespace-nowrap tabular-nums",
    cell: (c) => formatMoney(c.reserveCents),
  },
  { id: "covered", header: "Cobertura", cell: (c) => (c.covered ? "Cubierto" : "No cubierto") },
  {
    id: "signals",
    header: "Señales de fraude",
    align: "end",
    className: "tabular-nums",
    cell: (c) => (c.signals === 0 ? "Ninguna" : String(c.signals)),
  },
  { id: "handler", header: "Tramitador", cell: (c) => c.handler?.name ?? "Sin asignar" },
];
