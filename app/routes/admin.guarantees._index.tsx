import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GuaranteeListQuerySchema, GuaranteeListSchema } from "../../api/contract/guarantees";
import { ADMIN_GUARANTEES_PATH, GUARANTEE_COLUMNS, GUARANTEE_FILTERS } from "~/components/guarantee/guarantee-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { EmptyState } from "~/components/ui/empty-state";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { readListPage } from "~/lib/admin-list.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/guarantees: the guarantee catalogue, filtered by line and state, searched, sorted, paged, as CSV. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Garantías", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.guarantees._index", async (ctx) => ({
    ...(await readListPage(ctx, ADMIN_GUARANTEES_PATH, GuaranteeListQuerySchema, GuaranteeListSchema)),
    canCreate: canOpen(ctx.admin.role.permissions, "routes/admin.guarantees.new"),
  }));

export default function GuaranteesPage() {
  const { list, filters, filterResult, canCreate } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Garantías</h1>
          <p className="mt-1 text-slate-700">
            Las coberturas de cada ramo: en qué planes van incluidas, en cuáles se ofrecen como opcionales y a qué precio. «Pólizas vivas»: pendientes
            de pago, en vigor o suspendidas que la llevan.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {canCreate ? (
            <Link to={`${ADMIN_GUARANTEES_PATH}/new`} className="btn-primary">
              Nueva garantía
            </Link>
          ) : null}
          {list ? <CsvLink path="/admin/guarantees.csv" /> : null}
        </div>
      </header>
      <ListView
        list={list}
        itemsLabel="garantías"
        caption="Garantías"
        columns={GUARANTEE_COLUMNS}
        rowKey={(g) => g.id}
        minWidth="72rem"
        empty={
          canCreate ? (
            <EmptyState
              message="Todavía no hay garantías en el catálogo."
              action={{ to: `${ADMIN_GUARANTEES_PATH}/new`, label: "Crear la primera garantía" }}
            />
          ) : (
            <p>Todavía no hay garantías en el catálogo.</p>
          )
        }
        filters={{ id: "filtros-garantias", label: "Buscar garantías", defs: GUARANTEE_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
