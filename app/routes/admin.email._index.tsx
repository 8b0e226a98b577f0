import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminEmailListQuerySchema, AdminEmailListSchema } from "../../api/contract/emails";
import { EMAIL_COLUMNS, EMAIL_FILTERS } from "~/components/email/email-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/email: the outbox, every e-mail the product queued, filtered, searched and sorted, and its CSV (ADR 039). */
const ROUTE_ID = "routes/admin.email._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Correo", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => readListPage(ctx, "/admin/emails", AdminEmailListQuerySchema, AdminEmailListSchema));

export default function EmailPage() {
  const { list, filters, filterResult } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Correo</h1>
          <p className="mt-1 text-slate-700">
            Cada correo que envía el producto, con su estado: pendiente (en cola o esperando un reintento), enviado, fallido (el servidor lo rechazó)
            o cancelado.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/email/plantillas" className="btn-secondary">
            Plantillas de correo
          </Link>
          {list ? <CsvLink path="/admin/email.csv" /> : null}
        </div>
      </header>

      <ListView
        list={list}
        itemsLabel="correos"
        caption="Correos"
        columns={EMAIL_COLUMNS}
        rowKey={(r) => r.id}
        minWidth="60rem"
        empty={<p>No hay correos con estos filtros. Un correo aparece aquí en cuanto se pone en cola (una venta, un aviso, un recibo).</p>}
        filters={{ id: "filtros-correos", label: "Filtrar correos", defs: EMAIL_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
