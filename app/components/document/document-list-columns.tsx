import { Link } from "@remix-run/react";
import { DOCUMENT_AUTHOR_LABELS, DOCUMENT_AUTHORS, type AdminDocumentRow } from "../../../api/contract/documents";
import { formatDateTime } from "../../../api/contract/format";
import { ACTOR_TYPES, DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from "../../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { adminPolicyPath } from "~/components/policy/admin-policy-header";

/** The filters and columns of /admin/documents (ADR 010: the route keeps its loader and page; ADR 036). */
export const ADMIN_DOCUMENTS_PATH = "/admin/documents";
export const adminDocumentPath = (id: string) => `${ADMIN_DOCUMENTS_PATH}/${id}`;
export const adminDocumentDownloadPath = (id: string) => `${ADMIN_DOCUMENTS_PATH}/${id}/descargar`;

/** "12,3 kB": a file's size for people (es-ES decimals). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toLocaleString("es-ES", { maximumFractionDigits: 1 })} kB`;
  return `${(kb / 1024).toLocaleString("es-ES", { maximumFractionDigits: 1 })} MB`;
}

/** Who issued or uploaded it: the person's label, else what kind of actor. */
export const documentAuthor = (by: AdminDocumentRow["createdBy"]) => by.label ?? ACTOR_TYPES[by.type];

export const DOCUMENT_FILTERS: FilterDef[] = [
  { name: "q", label: "Póliza o NIF", hint: "Número de póliza (o su comienzo) o NIF del cliente.", kind: "search" },
  {
    name: "kind",
    label: "Tipo",
    kind: "select",
    placeholder: "Todos",
    options: DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] })),
  },
  { name: "policy", label: "Póliza", hint: "Número exacto (COT-…).", kind: "text" },
  { name: "client", label: "Cliente", hint: "Su número de cliente.", kind: "text" },
  { name: "from", label: "Desde", kind: "date" },
  { name: "to", label: "Hasta", kind: "date" },
  {
    name: "by",
    label: "Quién",
    kind: "select",
    placeholder: "Cualquiera",
    options: DOCUMENT_AUTHORS.map((a) => ({ value: a, label: DOCUMENT_AUTHOR_LABELS[a] })),
  },
];

export const DOCUMENT_COLUMNS: Column<AdminDocumentRow>[] = [
  {
    id: "title",
    header: "Título",
    sortKey: "title",
    rowHeader: true,
    cell: (r) => (
      <>
        <Link to={adminDocumentPath(r.id)}>{r.title}</Link>
        <span className="block break-all text-sm text-slate-600">{r.filename}</span>
      </>
    ),
  },
  { id: "kind", header: "Tipo", sortKey: "kind", cell: (r) => DOCUMENT_KIND_LABELS[r.kind] },
  {
    id: "policy",
    header: "Póliza",
    className: "whitespace-nowrap",
    cell: (r) =>
      r.policy ? (
        <Link to={adminPolicyPath(r.policy.id)} className="font-mono">
          {r.policy.number}
        </Link>
      ) : (
        "—"
      ),
  },
  {
    id: "client",
    header: "Cliente",
    cell: (r) =>
      r.client ? (
        <>
          <Link to={`/admin/clients/${r.client.id}`}>{r.client.name}</Link>
          {r.client.nif ? <span className="block font-mono text-sm text-slate-600">{r.client.nif}</span> : null}
        </>
      ) : (
        "—"
      ),
  },
  { id: "version", header: "Versión", align: "end", className: "tabular-nums", cell: (r) => r.version },
  {
    id: "size",
    header: "Tamaño",
    sortKey: "size",
    align: "end",
    className: "whitespace-nowrap tabular-nums",
    cell: (r) => formatFileSize(r.sizeBytes),
  },
  {
    id: "createdAt",
    header: "Fecha",
    sortKey: "createdAt",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (r) => formatDateTime(r.createdAt),
  },
  { id: "by", header: "Quién", cell: (r) => documentAuthor(r.createdBy) },
];
