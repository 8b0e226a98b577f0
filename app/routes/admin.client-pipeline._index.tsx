import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BoardQuerySchema, ClientBoardSchema } from "../../api/contract/pipeline";
import { CLIENT_STAGES, CLIENT_STAGE_LABELS, CLIENT_STAGE_TONES } from "../../api/contract/vocabulary";
import { PipelineBoard } from "~/components/pipeline/board";
import { BoardFilterBar, BoardHeader, CLIENT_BOARD_FILTERS, SameFiltersLink } from "~/components/pipeline/board-page";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { boardClock, moveCardAction, readBoard, requireClientsRead } from "~/lib/pipeline-board.server";

/** /admin/client-pipeline: the client board (ADR 041 «Tablero»); its action moves a client with a reason (intent=move). */
const ROUTE_ID = "routes/admin.client-pipeline._index";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Embudo de clientes", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    requireClientsRead(ctx);
    return { ...(await readBoard(ctx, "clients", BoardQuerySchema, ClientBoardSchema)), ...boardClock() };
  });

export const action = (args: ActionFunctionArgs) => adminAction(args, ROUTE_ID, (ctx) => moveCardAction(ctx, "clients"));

const STAGES = CLIENT_STAGES.map((stage) => ({ value: stage, label: CLIENT_STAGE_LABELS[stage], tone: CLIENT_STAGE_TONES[stage] }));

export default function ClientBoardPage() {
  const { board, filters, filterResult, now, today } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <BoardHeader
        title="Embudo de clientes"
        intro="Los clientes por etapa: quién acaba de llegar, quién renueva pronto y quién está en riesgo de irse."
      >
        <SameFiltersLink to="/admin/client-pipeline/lista">Ver como lista</SameFiltersLink>
      </BoardHeader>
      <BoardFilterBar id="filtros-embudo-clientes" filters={CLIENT_BOARD_FILTERS} values={filters} lastResult={filterResult} />
      {board ? (
        <PipelineBoard
          board={board}
          stages={STAGES}
          cardHref={(card) => `/admin/clients/${card.id}`}
          listPath="/admin/client-pipeline/lista"
          reason={{ kind: "reason" }}
          now={now}
          today={today}
          emptyText="No hay clientes con estos filtros."
        />
      ) : null}
    </div>
  );
}
