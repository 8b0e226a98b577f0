import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_LIMIT,
  AuditFilterSchema,
  AuditListSchema,
  DEFAULT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilter,
} from "../../api/contract/admin";
import { ErrorSummary, withErrorPrefix } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { handleAdminApiError, requireRoutePermission } from "~/lib/admin-auth.server";
import { formatDateTimeSeconds, isoDateTime } from "~/lib/format";

/** /admin/audit: the audit log, filtered (GET form), paginated, and exportable as CSV. */
const ROUTE_ID = "routes/admin.audit";
const FILTER_KEYS = ["actor", "action", "entity", "from", "to"] as const;

/** Entities the API records so far, offered as suggestions (any value can be typed). */
const KNOWN_ENTITIES: Record<string, string> = {
  admin_user: "Usuario del back office",
  user: "Visitante",
  role: "Rol",
  database: "Base de datos",
};

const ACTOR_TYPES: Record<AuditEntry["actorType"], string> = {
  admin: "Back office",
  user: "Visitante",
  system: "Sistema",
  anonymous: "Anónimo",
};

// Filters are a GET form: a refused one is known from the loader's data, not from an action.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: withErrorPrefix("Auditoría | Back office Cotiza", Boolean(data?.filterResult)) },
];

/** The filters of this request, as the query string both the list and the CSV export take. */
function filterQuery(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireRoutePermission(request, context, ROUTE_ID, "loader");
  const url = new URL(request.url);
  // The filters are checked here with the API's own schema, so a bad date shows next to its field.
  const submission = parseWithZod(url.searchParams, { schema: AuditFilterSchema });
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, url.searchParams.get(key) ?? ""]));
  if (submission.status !== "success") {
    return json({ filters, filterResult: submission.reply(), list: null, query: "" }, { headers });
  }
  try {
    const list = await api.get("/admin/audit", {
      query: { ...submission.value, page, pageSize: DEFAULT_PAGE_SIZE },
      schema: AuditListSchema,
    });
    const filtered = FILTER_KEYS.some((key) => submission.value[key]);
    return json({ filters, filterResult: null, list: { ...list, filtered }, query: filterQuery(submission.value) }, { headers });
  } catch (error) {
    handleAdminApiError(error, request, context);
  }
}

export default function AuditPage() {
  const { filters, filterResult, list, query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.formMethod === "GET" && navigation.location.pathname === "/admin/audit";

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Auditoría</h1>
          <p className="mt-1 max-w-3xl text-slate-700">
            Quién hizo qué y cuándo: entradas, salidas y cambios en usuarios y roles. El registro no se puede modificar ni borrar.
          </p>
        </div>
        {list ? (
          // A plain link: the file comes from a resource route (no client-side navigation).
          <a href={`/admin/audit.csv${query ? `?${query}` : ""}`} className="btn-secondary" download>
            Exportar CSV
            <span className="sr-only">{list.filtered ? " con los filtros aplicados" : " del registro completo"}</span>
          </a>
        ) : null}
      </header>

      {/* Remounted per search, so the boxes always show the filters of the list below them. */}
      <Filters key={search} defaultValue={filters} lastResult={filterResult} filtering={filtering} />

      {list ? (
        <>
          {list.items.length > 0 ? <AuditTable items={list.items} /> : null}
          <Pagination page={list.page} pageSize={list.pageSize} total={list.total} itemsLabel="registros" />
          {list.total > AUDIT_EXPORT_LIMIT ? (
            <p className="text-sm text-slate-700">
              El CSV incluye los {AUDIT_EXPORT_LIMIT.toLocaleString("es-ES")} registros más recientes; filtra por fechas para exportar los demás.
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-slate-700">Corrige los filtros para ver el registro.</p>
      )}
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function Filters({
  defaultValue,
  lastResult,
  filtering,
}: {
  defaultValue: LoaderData["filters"];
  lastResult: LoaderData["filterResult"];
  filtering: boolean;
}) {
  const [form, fields] = useForm({
    id: "filtros-auditoria",
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AuditFilterSchema }),
  });
  const actionValue = fields.action.initialValue;
  const actionOptions = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label: `${label} (${value})` }));
  if (typeof actionValue === "string" && actionValue && !(actionValue in AUDIT_ACTIONS)) {
    actionOptions.push({ value: actionValue, label: actionValue });
  }

  return (
    <Form method="get" {...getFormProps(form)} aria-label="Filtrar el registro" className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <ErrorSummary form={form} fields={[fields.actor, fields.action, fields.entity, fields.from, fields.to]} />
      <div className="grid gap-x-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        <Field label="Actor" hint="Parte de su correo." meta={fields.actor} width="full" className="mt-4" inputProps={{ autoComplete: "off", spellCheck: false }} />
        <SelectField label="Acción" hint="Qué se hizo." meta={fields.action} width="full" className="mt-4" placeholder="Todas" options={actionOptions} />
        <Field
          label="Entidad"
          hint="Por ejemplo, role."
          meta={fields.entity}
          width="full"
          className="mt-4"
          inputProps={{ list: "entidades-auditoria", autoComplete: "off", spellCheck: false }}
        />
        <Field label="Desde" hint="Día incluido." type="date" meta={fields.from} width="full" className="mt-4" />
        <Field label="Hasta" hint="Día incluido." type="date" meta={fields.to} width="full" className="mt-4" />
      </div>
      <datalist id="entidades-auditoria">
        {Object.entries(KNOWN_ENTITIES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </datalist>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" aria-disabled={filtering || undefined}>
          {filtering ? "Filtrando…" : "Filtrar"}
        </button>
        <Link to="/admin/audit">Quitar filtros</Link>
      </div>
    </Form>
  );
}

function actorText(entry: AuditEntry): string {
  return entry.actorLabel ?? entry.actorId ?? ACTOR_TYPES[entry.actorType];
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <p className="text-slate-600">—</p>;
  return <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 font-mono text-xs">{JSON.stringify(value, null, 2)}</pre>;
}

function AuditTable({ items }: { items: AuditEntry[] }) {
  return (
    <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Registro de auditoría, del más reciente al más antiguo</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Fecha</th>
            <th scope="col" className="px-3 py-2 font-semibold">Actor</th>
            <th scope="col" className="px-3 py-2 font-semibold">Acción</th>
            <th scope="col" className="px-3 py-2 font-semibold">Entidad</th>
            <th scope="col" className="px-3 py-2 font-semibold">ID</th>
            <th scope="col" className="px-3 py-2 font-semibold">IP</th>
            <th scope="col" className="px-3 py-2 font-semibold">Cambios</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top">
          {items.map((entry) => {
            const label = AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS];
            const hasChanges = (entry.before ?? null) !== null || (entry.after ?? null) !== null;
            return (
              <tr key={entry.id}>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  <time dateTime={isoDateTime(entry.at)}>{formatDateTimeSeconds(entry.at)}</time>
                </td>
                <td className="px-3 py-2">
                  <span className="whitespace-nowrap">{actorText(entry)}</span>
                  <span className="block text-xs text-slate-600">{ACTOR_TYPES[entry.actorType]}</span>
                </td>
                <td className="px-3 py-2">
                  {label ?? entry.action}
                  {label ? <span className="block font-mono text-xs text-slate-600">{entry.action}</span> : null}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{entry.entity}</td>
                <td className="px-3 py-2 font-mono text-xs">{entry.entityId ?? "—"}</td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{entry.ip ?? "—"}</td>
                <td className="px-3 py-2">
                  {hasChanges ? (
                    <details className="max-w-md">
                      <summary className="cursor-pointer text-brand-700 underline-offset-2 hover:underline">
                        Ver antes y después<span className="sr-only"> del registro {entry.id}</span>
                      </summary>
                      <div className="mt-2 space-y-2">
                        <h3 className="text-xs font-semibold uppercase text-slate-600">Antes</h3>
                        <Json value={entry.before} />
                        <h3 className="text-xs font-semibold uppercase text-slate-600">Después</h3>
                        <Json value={entry.after} />
                      </div>
                    </details>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
