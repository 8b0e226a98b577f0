// /admin/client-pipeline (issue 23, ADR 041 «Clientes»): the client board, the same clients as a
// list and its CSV, and a client moved by hand with a reason. Reading needs pipeline:read and
// clients:read (the endpoint table); moving needs clients:write. Clients have no owner.
import { z } from "zod";
import type { Context } from "hono";
import type { ApiApp, ApiEnv } from "../env";
import { currentAdmin } from "../auth";
import { CLIENT_MESSAGES } from "../contract/clients";
import {
  ClientPipelineExportQuerySchema,
  ClientPipelineListQuerySchema,
  ClientPipelineListSchema,
  type ClientPipelineRow,
} from "../contract/client-pipeline";
import { IdParamSchema } from "../contract/ids";
import { BoardQuerySchema, ClientBoardSchema, MoveClientBodySchema, MovedCardSchema } from "../contract/pipeline";
import { CLIENT_STAGE_LABELS, LINE_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvDateTime, csvMoney, csvStream } from "../csv";
import { adminActor } from "../db/audit";
import {
  clientBoard,
  clientPipelineCard,
  clientPipelineExportBatches,
  listClientPipeline,
  staleDaysAt,
  type BoardContext,
} from "../db/client-pipeline.repo";
import { moveClientStage } from "../db/client-stage.repo";
import { lockClient } from "../db/clients.repo";
import { ApiProblem, jsonContent } from "../http";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: embudo de clientes"];

const FILTERS_TEXT =
  "Filtros: line (tiene una póliza de ese seguro), minAgeDays (días en su etapa como mínimo), stale (true: en renovación o en riesgo desde hace más días de los que marca lead_stale_days; 7 mientras no exista). owner se acepta y se ignora: los clientes no tienen comercial.";

const boardRoute = adminRoute({
  method: "get",
  path: "/admin/client-pipeline/board",
  operationId: "getClientBoard",
  tags: TAGS,
  summary: "El tablero del embudo de clientes: por etapa, cuántos hay, la prima de sus pólizas en vigor y las tarjetas más recientes",
  description: `Necesita pipeline:read y clients:read. ${FILTERS_TEXT} Tarjeta: nombre, seguro de su póliza más reciente, prima anual de sus pólizas en vigor o suspendidas, antigüedad en la etapa; sin comercial ni próxima acción; canMove si quien pregunta tiene clients:write.`,
  request: { query: BoardQuerySchema },
  responses: { 200: { description: "Tablero", content: jsonContent(ClientBoardSchema) } },
});

const listRoute = adminRoute({
  method: "get",
  path: "/admin/client-pipeline/clients",
  operationId: "listClientPipeline",
  tags: TAGS,
  summary: "Los clientes del embudo como lista, con búsqueda, filtros y paginación",
  description: `Necesita pipeline:read y clients:read. ${FILTERS_TEXT} stage: una etapa. q: como en /admin/clients. Orden por stageSince (desde cuándo está en su etapa), name, stage o premium.`,
  request: { query: ClientPipelineListQuerySchema },
  responses: { 200: { description: "Página de clientes", content: jsonContent(ClientPipelineListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/client-pipeline/clients/export",
  operationId: "exportClientPipeline",
  tags: TAGS,
  summary: "Exporta en CSV los clientes del embudo que cumplen los filtros, en el orden pedido",
  description:
    "Mismos filtros y orden que /admin/client-pipeline/clients, todas las filas. UTF-8 con BOM, separado por punto y coma, fechas en hora de Madrid.",
  request: { query: ClientPipelineExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const moveRoute = adminRoute({
  method: "post",
  path: "/admin/client-pipeline/clients/{id}/move",
  operationId: "moveClient",
  tags: TAGS,
  summary: "Mueve a un cliente a otra etapa a mano, con el motivo (queda en su historial y en la auditoría)",
  description:
    "Necesita clients:write. Se puede mover a cualquier etapa; los eventos (pólizas, recibos, renovaciones) lo siguen moviendo después. Mover a la etapa en la que ya está no cambia nada.",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(MoveClientBodySchema) } },
  responses: { 200: { description: "La tarjeta en su nueva etapa", content: jsonContent(MovedCardSchema) } },
});

export const CLIENT_PIPELINE_CSV_HEADER = ["Nombre", "Etapa", "En la etapa desde", "Seguro", "Prima anual en vigor", "Sin atender"] as const;

function csvRow(row: ClientPipelineRow): string[] {
  return [
    row.name,
    CLIENT_STAGE_LABELS[row.stage],
    csvDateTime(row.stageSince),
    row.line ? LINE_LABELS[row.line] : "",
    row.premiumCents === null ? "" : csvMoney(row.premiumCents),
    row.stale ? "Sí" : "No",
  ];
}

async function contextOf(c: Context<ApiEnv>): Promise<BoardContext> {
  const now = c.var.deps.now();
  return { now, staleDays: await staleDaysAt(c.var.deps.readDb, now), canMove: currentAdmin(c).permissions["clients:write"] === true };
}

export function registerAdminClientPipelineRoutes(api: ApiApp) {
  api.openapi(boardRoute, async (c) => c.json(await clientBoard(c.var.deps.readDb, c.req.valid("query"), await contextOf(c)), 200));

  api.openapi(listRoute, async (c) => c.json(await listClientPipeline(c.var.deps.readDb, c.req.valid("query"), await contextOf(c)), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = clientPipelineExportBatches(c.var.deps.readDb, c.req.valid("query"), await contextOf(c));
    return csvAttachment(c, "embudo-clientes", csvStream({ header: CLIENT_PIPELINE_CSV_HEADER, batches, row: csvRow }));
  });

  api.openapi(moveRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { stage, reason } = c.req.valid("json");
    const admin = currentAdmin(c);
    const now = c.var.deps.now();
    const db = c.var.deps.db;
    await db.transaction(async (tx) => {
      if (!(await lockClient(tx, id))) throw new ApiProblem(404, CLIENT_MESSAGES.notFound);
      await moveClientStage(tx, id, stage, "manual", { reason, actor: adminActor(c), adminId: admin.id, at: now });
    });
    const ctx = await contextOf(c);
    const row = await clientPipelineCard(db, id, ctx);
    if (!row) throw new ApiProblem(404, CLIENT_MESSAGES.notFound);
    const { stage: moved, ...card } = row;
    return c.json({ stage: moved, card }, 200);
  });
}
