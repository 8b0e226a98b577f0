import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LeadListQuerySchema, LeadListSchema } from "../../api/contract/pipeline-leads";
import { LEAD_STAGES, LEAD_STAGE_LABELS } from "../../api/contract/vocabulary";
import { CsvLink, ListView } from "~/components/list/list-view";
import { BoardHeader, leadBoardFilters, SameFiltersLink } from "~/components/pipeline/board-page";
import { pipelineColumns, pipelineListFilters } from "~/components/pipeline/pipeline-list";
import { LEAD_STAGE_TONES } from "~/components/pipeline/stages";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { boardClock, readLeadOwners } from "~/lib/pipeline-board.server";

/** /admin/pipeline/lista: the sales board's leads as a list (sort, paging, CSV), with the board's filters. */
const ROUTE_ID = "routes/admin.pipeline.lista";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Embudo comercial: lista", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    // The owner filter's names are read beside the list.
    const [page, owners] = await Promise.all([readListPage(ctx, "/admin/pipeline/leads", LeadListQuerySchema, LeadListSchema), readLeadOwners(ctx)]);
    return { ...page, owners, ...boardClock() };
  });

const STAGES = LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage], tone: LEAD_STAGE_TONES[stage] }));

export default function LeadListPage() {
  const { list, filters, filterResult, owners, now } = useLoaderData<typeof loader>();
  const columns = pipelineColumns({
    stages: STAGES,
    href: (row) => `/admin/pipeline/${row.id}`,
    sortKeys: { name: "name", stage: "stage", premium: "premium", age: "age", nextAction: "nextAction" },
    owner: true,
    now: new Date(now),
  });
  return (
    <div className="space-y-6">
      <BoardHeader title="Embudo comercial: lista" intro="Todas las oportunidades, con los filtros del tablero, ordenadas como prefieras.">
        <SameFiltersLink to="/admin/pipeline">Ver tablero</SameFiltersLink>
        {list ? <CsvLink path="/admin/pipeline/lista.csv" /> : null}
      </BoardHeader>
      <ListView
        list={list}
        itemsLabel="oportunidades"
        caption="Oportunidades"
        columns={columns}
        rowKey={(row) => row.id}
        minWidth="60rem"
        empty={<p>No hay oportunidades con estos filtros.</p>}
        filters={{
          id: "filtros-lista-embudo",
          label: "Filtrar oportunidades",
          defs: pipelineListFilters(STAGES, "Nombre, correo o teléfono.", leadBoardFilters(owners)),
          values: filters,
          lastResult: filterResult,
        }}
      />
    </div>
  );
}
