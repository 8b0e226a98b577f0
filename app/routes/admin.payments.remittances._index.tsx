import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RemittanceListQuerySchema, RemittanceListSchema } from "../../api/contract/remittances";
import { formatDateTime, formatIsoDate, formatMoney } from "../../api/contract/format";
import { Badge } from "~/components/ui/badge";
import { Pagination } from "~/components/ui/pagination";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { adminTitle } from "~/lib/page-title";

/** /admin/payments/remittances: the SEPA remittances generated, newest first (ADR 029). */
const ROUTE_ID = "routes/admin.payments.remittances._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Remesas SEPA", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, admin, request }) => {
    const url = new URL(request.url);
    const query = RemittanceListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    const { page, pageSize } = query.success ? query.data : { page: 1, pageSize: 20 };
    return {
      list: await api.get("/admin/payments/remittances", { query: { page, pageSize }, schema: RemittanceListSchema, signal: request.signal }),
      canCreate: canOpen(admin.role.permissions, "routes/admin.payments.remittances.new"),
      canSeeCreditor: canOpen(admin.role.permissions, "routes/admin.settings.sepa"),
    };
  });

export default function RemittancesPage() {
  const { list, canCreate, canSeeCreditor } = useLoaderData<typeof loader>();
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
            <Link to="/admin/settings/sepa" className="btn-secondary">
              Acreedor SEPA
            </Link>
          ) : null}
        </div>
      </header>
      {list.items.length === 0 ? (
        <p>Todavía no se ha generado ninguna remesa.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[48rem] text-left">
            <caption className="sr-only">Remesas SEPA</caption>
            <thead className="bg-slate-50 text-sm">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Remesa
                </th>
                <th scope="col" className="px-4 py-3">
                  Fecha de cobro
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Recibos
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
                <th scope="col" className="px-4 py-3">
                  Estado
                </th>
                <th scope="col" className="px-4 py-3">
                  Generada
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="px-4 py-3">
                    <Link to={`/admin/payments/remittances/${r.id}`}>Remesa {r.id}</Link>
                  </td>
                  <td className="px-4 py-3">{formatIsoDate(r.collectionDate)}</td>
                  <td className="px-4 py-3 text-right">{r.count}</td>
                  <td className="px-4 py-3 text-right">{formatMoney(r.totalCents)}</td>
                  <td className="px-4 py-3">
                    <Badge tone={r.status === "abierta" ? "info" : "success"}>{r.status === "abierta" ? "Abierta" : "Cerrada"}</Badge>
                  </td>
                  <td className="px-4 py-3">
                    {formatDateTime(r.createdAt)}
                    {r.createdByLabel ? ` · ${r.createdByLabel}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} itemsLabel="remesas" />
    </div>
  );
}
