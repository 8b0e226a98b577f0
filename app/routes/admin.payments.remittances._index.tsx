import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RemittanceListQuerySchema, RemittanceListSchema } from "../../api/contract/remittances";
import { ListView } from "~/components/list/list-view";
import { REMITTANCE_COLUMNS, REMITTANCE_FILTERS, REMITTANCES_PATH } from "~/components/payment/remittance-list-columns";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { adminTitle } from "~/lib/page-title";

/** /admin/payments/remittances: the SEPA remittances generated, on the list kit (ADR 010, 029): newest first or by collection date. */
const ROUTE_ID = "routes/admin.payments.remittances._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Remesas SEPA", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => ({
    ...(await readListPage(ctx, REMITTANCES_PATH, RemittanceListQuerySchema, RemittanceListSchema)),
    canCreate: canOpen(ctx.admin.role.permissions, "routes/admin.payments.remittances.new"),
    canSeeCreditor: canOpen(ctx.admin.role.permissions, "routes/admin.settings_.$group"),
  }));

export default function RemittancesPage() {
  const { list, filters, filterResult, canCreate, canSeeCreditor } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Remesas SEPA</h1>
          <p className="mt-1 text-slate-700">
            Los ficheros de adeudos domiciliados (pain.008) enviados al banco. Sus recibos quedan remesados hasta que pasa el plazo de devolución del
            banco; entonces el proceso diario los da por cobrados.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {canCreate ? (
            <Link to="/admin/payments/remittances/new" className="btn-primary">
              Nueva remesa
            </Link>
          ) : null}
          {canSeeCreditor ? (
            <Link to="/admin/settings/cobros#sepa_creditor" className="btn-secondary">
              Acreedor SEPA
            </Link>
          ) : null}
        </div>
      </header>
      <ListView
        list={list}
        itemsLabel="remesas"
        caption="Remesas SEPA"
        columns={REMITTANCE_COLUMNS}
        rowKey={(r) => r.id}
        minWidth="48rem"
        empty={<p>Todavía no se ha generado ninguna remesa.</p>}
        filters={{ id: "filtros-remesas", label: "Filtrar remesas", defs: REMITTANCE_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
