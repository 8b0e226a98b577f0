import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  CLIENT_STAGE_LABELS,
  CLIENT_STAGE_TONES,
  CLIENT_STAGES,
  ClientListQuerySchema,
  ClientListSchema,
  type ClientRow,
} from "../../api/contract/clients";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { CsvLink, ListView } from "~/components/list/list-view";
import { Badge } from "~/components/ui/badge";
import { adminLoader } from "~/lib/admin-route.server";
import { formatDate, isoDateTime } from "../../api/contract/format";
import { assertPageInRange, readListQuery } from "~/lib/list.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/clients: the clients (tomadores), searched by NIF/NIE, name or e-mail, filtered, sorted, paged, as CSV. */
const LIST_PATH = "/admin/clients";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Clientes", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.clients._index", async ({ api, request, headers }) => {
    const read = readListQuery(request, ClientListQuerySchema, headers);
    if (!read.ok) return { list: null, filters: read.filters, filterResult: read.filterResult };
    const list = await api.get(LIST_PATH, { query: read.query, schema: ClientListSchema, signal: request.signal });
    assertPageInRange(request, list, headers);
    return { list, filters: read.filters, filterResult: null };
  });

const FILTERS: FilterDef[] = [
  { name: "q", label: "Buscar", hint: "Un NIF/NIE completo, o 3 letras o más del nombre o del correo.", kind: "search" },
  {
    name: "stage",
    label: "Etapa",
    kind: "select",
    placeholder: "Todas",
    options: CLIENT_STAGES.map((value) => ({ value, label: CLIENT_STAGE_LABELS[value] })),
  },
  {
    name: "inForce",
    label: "Pólizas en vigor",
    kind: "select",
    placeholder: "Con y sin pólizas",
    options: [
      { value: "true", label: "Con pólizas en vigor" },
      { value: "false", label: "Sin pólizas en vigor" },
    ],
  },
];

const COLUMNS: Column<ClientRow>[] = [
  { id: "name", header: "Nombre", sortKey: "name", rowHeader: true, cell: (client) => client.name },
  { id: "nif", header: "NIF/NIE", className: "font-mono whitespace-nowrap", cell: (client) => client.nif ?? "—" },
  { id: "email", header: "Correo electrónico", className: "break-all", cell: (client) => client.email ?? "—" },
  { id: "phone", header: "Teléfono", className: "whitespace-nowrap", cell: (client) => client.phone ?? "—" },
  { id: "stage", header: "Etapa", cell: (client) => <Badge tone={CLIENT_STAGE_TONES[client.stage]}>{CLIENT_STAGE_LABELS[client.stage]}</Badge> },
  { id: "policiesInForce", header: "Pólizas en vigor", align: "end", cell: (client) => client.policiesInForce },
  {
    id: "createdAt",
    header: "Cliente desde",
    sortKey: "createdAt",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (client) => <time dateTime={isoDateTime(client.createdAt)}>{formatDate(client.createdAt)}</time>,
  },
  {
    id: "actions",
    header: <span className="sr-only">Acciones</span>,
    align: "end",
    cell: (client) => (
      <Link to={`${LIST_PATH}/${client.id}`}>
        Ver<span className="sr-only"> a {client.name}</span>
      </Link>
    ),
  },
];

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
        columns={COLUMNS}
        rowKey={(client) => client.id}
        minWidth="56rem"
        empty={<p>Todavía no hay clientes. Aparecen aquí cuando alguien contrata una póliza.</p>}
        filters={{ id: "filtros-clientes", label: "Buscar clientes", defs: FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
