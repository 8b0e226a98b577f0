import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientListQuerySchema, ClientListSchema } from "../../api/contract/clients";
import { ADMIN_CLIENTS_PATH, CLIENT_COLUMNS, CLIENT_FILTERS } from "~/components/client/client-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { adminLoader } from "~/lib/admin-route.server";
import { readListPage } from "~/lib/admin-list.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/clients: the clients (tomadores), searched by NIF/NIE, name or e-mail, filtered, sorted, paged, as CSV. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Clientes", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.clients._index", (admin) => readListPage(admin, ADMIN_CLIENTS_PATH, ClientListQuerySchema, ClientListSchema));

export default function ClientsPage() {
  const { list, filters, filterResult } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Clientes</h1>
          <p className="mt-1 text-slate-700">Los tomadores, con sus pólizas en vigor y su etapa en el embudo de clientes.</p>
        </div>
        {list ? <CsvLink path="/admin/clients.csv" /> : null}
      </header>
      <ListView
        list={list}
        itemsLabel="clientes"
        caption="Clientes"
        columns={CLIENT_COLUMNS}
        rowKey={(client) => client.id}
        minWidth="56rem"
        empty={<p>Todavía no hay clientes. Aparecen aquí cuando alguien contrata una póliza.</p>}
        filters={{ id: "filtros-clientes", label: "Buscar clientes", defs: CLIENT_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
