import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { AdminPaymentListSchema, AdminPaymentPageQuerySchema } from "../../api/contract/admin-payments";
import { CsvLink, ListView } from "~/components/list/list-view";
import { PAYMENT_COLUMNS, PAYMENT_FILTERS } from "~/components/payment/payment-list-columns";
import { cardRetryHref, selectionSearch } from "~/components/payment/card-retry";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { adminTitle } from "~/lib/page-title";

/** /admin/payments: every recibo of the portfolio, filtered and sorted, its CSV, and the card retry of a selection (ADR 028). */
const ROUTE_ID = "routes/admin.payments._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Pagos", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => ({
    ...(await readListPage(ctx, "/admin/payments/recibos", AdminPaymentPageQuerySchema, AdminPaymentListSchema)),
    canRetry: canOpen(ctx.admin.role.permissions, "routes/admin.payments.reintentar"),
    canRemit: canOpen(ctx.admin.role.permissions, "routes/admin.payments.remittances.new"),
  }));

export default function PaymentsPage() {
  const { list, filters, filterResult, canRetry, canRemit } = useLoaderData<typeof loader>();
  const { search } = useLocation();

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Pagos</h1>
          <p className="mt-1 text-slate-700">Todos los recibos de la cartera: su vencimiento, su importe, cómo se cobran y en qué estado están.</p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <Link to="/admin/payments/reconciliation" className="btn-secondary">
            Conciliación
          </Link>
          {list ? <CsvLink path="/admin/payments.csv" /> : null}
          {canRetry && list ? (
            <Link to={cardRetryHref(search)} className="btn-secondary">
              Reintentar cobro con tarjeta
            </Link>
          ) : null}
          {canRemit && list ? (
            <Link to={`/admin/payments/remittances/new${selectionSearch(search)}`} className="btn-secondary">
              Generar remesa con estos filtros
            </Link>
          ) : null}
        </div>
      </header>

      <ListView
        list={list}
        itemsLabel="recibos"
        caption="Recibos"
        columns={PAYMENT_COLUMNS}
        rowKey={(r) => r.id}
        minWidth="72rem"
        empty={<p>Todavía no hay recibos. Aparecen aquí en cuanto se contrata una póliza.</p>}
        filters={{ id: "filtros-pagos", label: "Filtrar recibos", defs: PAYMENT_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
