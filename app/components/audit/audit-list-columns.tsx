import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionLabel, auditEntityLabel, type AuditEntry } from "../../../api/contract/audit";
import { formatDateTimeSeconds, isoDateTime } from "../../../api/contract/format";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";

/** The filters and columns of /admin/audit, with each entry's before and after (ADR 010: the route keeps its loader and page). */
export const AUDIT_FILTERS: FilterDef[] = [
  { name: "actor", label: "Actor", hint: "Parte de su correo (3 letras o más).", kind: "search" },
  {
    name: "action",
    label: "Acción",
    hint: "Qué se hizo.",
    kind: "select",
    placeholder: "Todas",
    options: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
  },
  {
    name: "entity",
    label: "Entidad",
    hint: "Sobre qué.",
    kind: "select",
    placeholder: "Todas",
    options: Object.entries(AUDIT_ENTITIES).map(([value, label]) => ({ value, label })),
  },
  { name: "from", label: "Desde", hint: "Día incluido.", kind: "date" },
  { name: "to", label: "Hasta", hint: "Día incluido.", kind: "date" },
];

export const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  {
    id: "at",
    header: "Fecha",
    sortKey: "at",
    firstDir: "desc",
    className: "whitespace-nowrap tabular-nums",
    cell: (entry) => <time dateTime={isoDateTime(entry.at)}>{formatDateTimeSeconds(entry.at)}</time>,
  },
  {
    id: "actor",
    header: "Actor",
    sortKey: "actor",
    cell: (entry) => (
      <>
        <span className="whitespace-nowrap">{entry.actorLabel ?? entry.actorId ?? ACTOR_TYPES[entry.actorType]}</span>
        <span className="block text-xs text-slate-600">{ACTOR_TYPES[entry.actorType]}</span>
      </>
    ),
  },
  { id: "action", header: "Acción", sortKey: "action", cell: (entry) => auditActionLabel(entry.action) },
  {
    id: "entity",
    header: "Entidad",
    sortKey: "entity",
    cell: (entry) => (
      <>
        {auditEntityLabel(entry.entity)}
        {entry.entityId ? <span className="block font-mono text-xs text-slate-600">{entry.entityId}</span> : null}
      </>
    ),
  },
  { id: "ip", header: "IP", className: "font-mono text-xs whitespace-nowrap", cell: (entry) => entry.ip ?? "—" },
  { id: "changes", header: "Cambios", cell: (entry) => <Changes entry={entry} /> },
];

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <p className="text-slate-600">—</p>;
  return (
    <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  if ((entry.before ?? null) === null && (entry.after ?? null) === null) return <>—</>;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">
        Ver antes y después<span className="sr-only"> del registro {entry.id}</span>
      </summary>
      {/* Labels of two values, not sections of the page: a list of terms, not headings (an h3 in
          every row skipped a level after the h1 and filled the page's outline with 40 of them). */}
      <dl className="mt-2 space-y-2">
        <dt className="text-xs font-semibold uppercase text-slate-600">Antes</dt>
        <dd>
          <Json value={entry.before} />
        </dd>
        <dt className="text-xs font-semibold uppercase text-slate-600">Después</dt>
        <dd>
          <Json value={entry.after} />
        </dd>
      </dl>
    </details>
  );
}
