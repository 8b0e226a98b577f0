import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import {
  ACTOR_TYPES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AuditListQuerySchema,
  AuditListSchema,
  auditActionLabel,
  auditEntityLabel,
  type AuditEntry,
} from "../../api/contract/audit";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { CsvLink, ListView } from "~/components/list/list-view";
import { adminLoader } from "~/lib/admin-route.server";
import { formatDateTimeSeconds, isoDateTime } from "../../api/contract/format";
import { assertPageInRange, readListQuery } from "~/lib/list.server";

/** /admin/audit: the audit log, filtered, sorted, paged, and exportable as CSV. */

// Filters are a GET form: a refused one is known from the loader's data, not from an action.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Auditoría", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.audit", async ({ api, request, headers }) => {
    const read = readListQuery(request, AuditListQuerySchema, headers);
    if (!read.ok) return { list: null, filters: read.filters, filterResult: read.filterResult };
    const list = await api.get("/admin/audit", { query: read.query, schema: AuditListSchema, signal: request.signal });
    assertPageInRange(request, list, headers);
    return { list, filters: read.filters, filterResult: null };
  });

const FILTERS: FilterDef[] = [
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

const COLUMNS: Column<AuditEntry>[] = [
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

export default function AuditPage() {
  const { list, filters, filterResult } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Auditoría</h1>
          <p className="mt-1 max-w-3xl text-slate-700">
            Quién hizo qué y cuándo: entradas, salidas y cambios. El registro no se puede modificar ni borrar.
          </p>
        </div>
        {list ? <CsvLink path="/admin/audit.csv" /> : null}
      </header>
      <ListView
        list={list}
        itemsLabel="registros"
        caption="Registro de auditoría"
        columns={COLUMNS}
        rowKey={(entry) => entry.id}
        minWidth="56rem"
        empty={<p>Todavía no hay nada registrado.</p>}
        filters={{ id: "filtros-auditoria", label: "Filtrar el registro", defs: FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}

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
