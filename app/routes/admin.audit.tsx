import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { AuditListQuerySchema, AuditListSchema } from "../../api/contract/audit";
import { AUDIT_COLUMNS, AUDIT_FILTERS } from "~/components/audit/audit-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { adminLoader } from "~/lib/admin-route.server";
import { readListPage } from "~/lib/admin-list.server";

/** /admin/audit: the audit log, filtered, sorted, paged, and exportable as CSV. */

// Filters are a GET form: a refused one is known from the loader's data, not from an action.
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Auditoría", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.audit", (admin) => readListPage(admin, "/admin/audit", AuditListQuerySchema, AuditListSchema));

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
        columns={AUDIT_COLUMNS}
        rowKey={(entry) => entry.id}
        minWidth="56rem"
        empty={<p>Todavía no hay nada registrado.</p>}
        filters={{ id: "filtros-auditoria", label: "Filtrar el registro", defs: AUDIT_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
