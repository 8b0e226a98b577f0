import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { AdminQuoteListQuerySchema, AdminQuoteListSchema } from "../../api/contract/admin-quotes";
import { ADMIN_QUOTES_PATH, QUOTE_COLUMNS, QUOTE_FILTERS } from "~/components/quote/quote-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { adminLoader } from "~/lib/admin-route.server";
import { readListPage } from "~/lib/admin-list.server";

/** /admin/quotes (ADR 035): every quote, and the ones waiting for a call that the dashboard counts. */
const ROUTE_ID = "routes/admin.quotes._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Cotizaciones", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, (ctx) => readListPage(ctx, ADMIN_QUOTES_PATH, AdminQuoteListQuerySchema, AdminQuoteListSchema));

export default function QuotesPage() {
  const { list, filters, filterResult } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Cotizaciones</h1>
          <p className="mt-1 text-slate-700">
            Las cotizaciones de la web y del teléfono. «Esperan una llamada»: las de un visitante con cuenta que no contrató en un día.
          </p>
        </div>
        {list ? <CsvLink path="/admin/quotes.csv" /> : null}
      </header>

      <ListView
        list={list}
        itemsLabel="cotizaciones"
        caption="Cotizaciones"
        columns={QUOTE_COLUMNS}
        rowKey={(quote) => quote.id}
        empty={<p>No hay cotizaciones con estos filtros.</p>}
        filters={{ id: "filtros-cotizaciones", label: "Filtrar cotizaciones", defs: QUOTE_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
