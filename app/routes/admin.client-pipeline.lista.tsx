import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClientPipelineListQuerySchema, ClientPipelineListSchema } from "../../api/contract/client-pipeline";
import { CLIENT_STAGES, CLIENT_STAGE_LABELS, CLIENT_STAGE_TONES } from "../../api/contract/vocabulary";
import { CsvLink, ListView } from "~/components/list/list-view";
import { BoardHeader, CLIENT_BOARD_FILTERS, SameFiltersLink } from "~/components/pipeline/board-page";
import { pipelineColumns, pipelineListFilters } from "~/components/pipeline/pipeline-list";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { boardClock, requireClientsRead } from "~/lib/pipeline-board.server";

/** /admin/client-pipeline/lista: the client board's clients as a list (sort, paging, CSV), with the board's filters. */
const ROUTE_ID = "routes/admin.client-pipeline.lista";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Embudo de clientes: lista", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    requireClientsRead(ctx);
    return {
      ...(await readListPage(ctx, "/admin/client-pipeline/clients", ClientPipelineListQuerySchema, ClientPipelineListSchema)),
      ...boardClock(),
    };
  });

const STAGES = CLIENT_STAGES.map((stage) => ({ value: stage, label: CLIENT_STAGE_LABELS[stage], tone: CLIENT_STAGE_TONES[stage] }));
const FILTERS = pipelineListFilters(STAGES, "Un NIF/NIE completo, o 3 letras o más del nombre o del correo.", CLIENT_BOARD_FILTERS);

export default function ClientPipelineListPage() {
  const { list, filters, filterResult, now } = useLoaderData<typeof loader>();
  const columns = pipelineColumns({
    stages: STAGES,
    href: (row) => `/admin/clients/${row.id}`,
    sortKeys: { name: "name", stage: "stage", premium: "premium", age: "stageSince" },
    owner: false,
    now: new Date(now),
  });
  return (
    <div className="space-y-6">
      <BoardHeader title="Embudo de clientes: lista" intro="Todos los clientes del embudo, con los filtros del tablero, ordenados como prefieras.">
        <SameFiltersLink to="/admin/client-pipeline">Ver tablero</SameFiltersLink>
        {list ? <CsvLink path="/admin/client-pipeline/lista.csv" /> : null}
      </BoardHeader>
      <ListView
        list={list}
        itemsLabel="clientes"
        caption="Clientes del embudo"
        columns={columns}
        rowKey={(row) => row.id}
        minWidth="48rem"
        empty={<p>No hay clientes con estos filtros.</p>}
        filters={{ id: "filtros-lista-clientes", label: "Filtrar clientes", defs: FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
