import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BoardQuerySchema, LeadBoardSchema } from "../../api/contract/pipeline";
import { hasPermission } from "../../api/contract/permissions";
import { LEAD_LOST_REASONS, LEAD_LOST_REASON_LABELS, LEAD_STAGES, LEAD_STAGE_LABELS } from "../../api/contract/vocabulary";
import { PipelineBoard } from "~/components/pipeline/board";
import { BoardFilterBar, BoardHeader, leadBoardFilters, SameFiltersLink } from "~/components/pipeline/board-page";
import { LEAD_STAGE_TONES } from "~/components/pipeline/stages";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { boardClock, moveCardAction, readBoard, readLeadOwners } from "~/lib/pipeline-board.server";

/** /admin/pipeline: the sales board (ADR 041 «Tablero»); its action moves a lead (intent=move). */
const ROUTE_ID = "routes/admin.pipeline._index";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Embudo comercial", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    // The owner filter's names are read beside the board.
    const [page, owners] = await Promise.all([readBoard(ctx, "leads", BoardQuerySchema, LeadBoardSchema), readLeadOwners(ctx)]);
    return { ...page, owners, canCreate: hasPermission(ctx.admin.role.permissions, "pipeline:write"), ...boardClock() };
  });

export const action = (args: ActionFunctionArgs) => adminAction(args, ROUTE_ID, (ctx) => moveCardAction(ctx, "leads"));

const STAGES = LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage], tone: LEAD_STAGE_TONES[stage] }));
const LOST = {
  kind: "lostReason",
  stage: "perdido",
  options: LEAD_LOST_REASONS.map((r) => ({ value: r, label: LEAD_LOST_REASON_LABELS[r] })),
} as const;

export default function SalesBoardPage() {
  const { board, filters, filterResult, canCreate, owners, now, today } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <BoardHeader title="Embudo comercial" intro="Las oportunidades de venta por etapa: a quién llamar, qué está a punto de ganarse o perderse.">
        {canCreate ? (
          <Link to="/admin/pipeline/nueva" className="btn-primary">
            Nueva oportunidad
          </Link>
        ) : null}
        <SameFiltersLink to="/admin/pipeline/lista">Ver como lista</SameFiltersLink>
      </BoardHeader>
      <BoardFilterBar id="filtros-embudo" filters={leadBoardFilters(owners)} values={filters} lastResult={filterResult} />
      {board ? (
        <PipelineBoard
          board={board}
          stages={STAGES}
          cardHref={(card) => `/admin/pipeline/${card.id}`}
          listPath="/admin/pipeline/lista"
          reason={LOST}
          now={now}
          today={today}
          emptyText="No hay oportunidades con estos filtros."
        />
      ) : null}
    </div>
  );
}
