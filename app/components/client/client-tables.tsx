import { Link } from "@remix-run/react";
import type { ClientDetail } from "../../../api/contract/clients";
import { formatDate, formatDateTime, formatMoney } from "../../../api/contract/format";
import {
  EMAIL_STATUS_LABELS,
  EMAIL_STATUS_TONES,
  FREQUENCY_LABELS,
  LINE_LABELS,
  POLICY_STATUS_LABELS,
  POLICY_STATUS_TONES,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUS_TONES,
  RECIBO_STATUS_LABELS,
  RECIBO_STATUS_TONES,
} from "../../../api/contract/vocabulary";
import { DataTable, type Column } from "~/components/list/data-table";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { adminEmailPath } from "~/components/email/email-list-columns";
import { adminDocumentPaths } from "~/lib/document-paths";

// The tables of /admin/clients/{id}: its policies, recibos, quotes and e-mails, as DataTable columns.

/** "Se muestran los N más recientes de M" when the detail carries only the newest. */
export function Capped({ shown, total, block }: { shown: number; total: number; block?: boolean }) {
  if (shown >= total) return null;
  const text = ` Se muestran los ${shown} más recientes de ${total}.`;
  return block ? <p className="mb-3 text-slate-700">{text.trim()}</p> : <>{text}</>;
}

const dateCell = (value: string) => <time dateTime={value}>{formatDate(value)}</time>;

export const POLICY_COLUMNS: Column<ClientDetail["policies"][number]>[] = [
  { id: "number", header: "Número", rowHeader: true, className: "font-mono whitespace-nowrap", cell: (p) => p.number },
  { id: "line", header: "Ramo", cell: (p) => LINE_LABELS[p.line] },
  { id: "plan", header: "Plan", cell: (p) => p.plan.name },
  { id: "status", header: "Estado", cell: (p) => <Badge tone={POLICY_STATUS_TONES[p.status]}>{POLICY_STATUS_LABELS[p.status]}</Badge> },
  { id: "start", header: "Efecto", className: "whitespace-nowrap", cell: (p) => dateCell(p.startDate) },
  { id: "end", header: "Vencimiento", className: "whitespace-nowrap", cell: (p) => dateCell(p.endDate) },
  { id: "frequency", header: "Pago", cell: (p) => FREQUENCY_LABELS[p.frequency] },
  { id: "total", header: "Prima total", align: "end", className: "whitespace-nowrap", cell: (p) => formatMoney(p.total) },
];

type ClientRecibo = ClientDetail["recibos"]["items"][number];
const RECIBO_COLUMNS: Column<ClientRecibo>[] = [
  { id: "policy", header: "Póliza", className: "font-mono whitespace-nowrap", cell: (r) => r.policyNumber },
  { id: "sequence", header: "Recibo", rowHeader: true, cell: (r) => `n.º ${r.sequence}` },
  { id: "due", header: "Vencimiento", className: "whitespace-nowrap", cell: (r) => dateCell(r.dueDate) },
  { id: "status", header: "Estado", cell: (r) => <Badge tone={RECIBO_STATUS_TONES[r.status]}>{RECIBO_STATUS_LABELS[r.status]}</Badge> },
  { id: "paid", header: "Cobrado", className: "whitespace-nowrap", cell: (r) => (r.paidAt ? dateCell(r.paidAt) : "—") },
  { id: "amount", header: "Importe", align: "end", className: "whitespace-nowrap", cell: (r) => formatMoney(r.amount) },
];

/** The recibos' columns, with each recibo's PDF for whoever may read policies. */
export function reciboColumns(canDownload: boolean): Column<ClientRecibo>[] {
  if (!canDownload) return RECIBO_COLUMNS;
  return [
    ...RECIBO_COLUMNS,
    {
      id: "pdf",
      header: "Documento",
      cell: (r) => (
        <a href={adminDocumentPaths.recibo(r.policyId, r.sequence)} download>
          PDF
          {/* prettier-ignore */}
          <span className="sr-only"> del recibo {r.sequence} de la póliza {r.policyNumber}</span>
        </a>
      ),
    },
  ];
}

export const QUOTE_COLUMNS: Column<ClientDetail["quotes"]["items"][number]>[] = [
  { id: "created", header: "Fecha", rowHeader: true, className: "whitespace-nowrap", cell: (q) => dateCell(q.createdAt) },
  { id: "line", header: "Ramo", cell: (q) => LINE_LABELS[q.line] },
  { id: "status", header: "Estado", cell: (q) => <Badge tone={QUOTE_STATUS_TONES[q.status]}>{QUOTE_STATUS_LABELS[q.status]}</Badge> },
  { id: "valid", header: "Válida hasta", className: "whitespace-nowrap", cell: (q) => dateCell(q.validUntil) },
  { id: "best", header: "Desde", align: "end", className: "whitespace-nowrap", cell: (q) => (q.bestPrice === null ? "—" : formatMoney(q.bestPrice)) },
];

/** The client's e-mails; with `linked` (the admin may open /admin/email), each subject links to its message (ADR 039). */
export const emailColumns = (linked: boolean): Column<ClientDetail["emails"]["items"][number]>[] => [
  { id: "created", header: "Fecha", className: "whitespace-nowrap", cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time> },
  { id: "subject", header: "Asunto", rowHeader: true, cell: (e) => (linked ? <Link to={adminEmailPath(e.id)}>{e.subject}</Link> : e.subject) },
  { id: "to", header: "Para", className: "break-all", cell: (e) => e.to },
  { id: "status", header: "Estado", cell: (e) => <Badge tone={EMAIL_STATUS_TONES[e.status]}>{EMAIL_STATUS_LABELS[e.status]}</Badge> },
];

/** A table of the newest rows of a related list (quotes, e-mails), saying when there are more. */
export function CountedTable<Row>({
  caption,
  columns,
  list,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  list: { items: Row[]; total: number };
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
}) {
  return (
    <>
      <Capped shown={list.items.length} total={list.total} block />
      <DataTable caption={caption} columns={columns} rows={list.items} rowKey={rowKey} empty={empty} />
    </>
  );
}
