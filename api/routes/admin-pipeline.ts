// The sales pipeline (/admin/pipeline, issue 23, ADR 041): the board, the list and its CSV, one
// lead, a new lead by hand, its edits and its moves. Reading needs pipeline:read; writing
// pipeline:write on one's own or an unassigned lead, pipeline:write:any on anyone's
// (api/domain/pipeline.ts), checked here for every call.
import { currentAdmin } from "../auth";
import { BoardQuerySchema, LeadBoardSchema } from "../contract/pipeline";
import { leadBoard } from "../db/pipeline-board.repo";
import type { ApiApp } from "../env";
import { jsonContent } from "../http";
import { leadStaleDays } from "../services/pipeline-leads";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: embudo comercial"];

const boardRoute = adminRoute({
  method: "get",
  path: "/admin/pipeline/board",
  operationId: "getAdminPipelineBoard",
  tags: TAGS,
  summary: "El tablero del embudo comercial: por etapa, su número de oportunidades, su prima total y las más recientes",
  description:
    "Filtros: owner (id de un comercial, o me), line, minAgeDays (días en la etapa como mínimo), stale (true: solo las paradas). Cada tarjeta dice si quien pregunta puede moverla (canMove).",
  request: { query: BoardQuerySchema },
  responses: { 200: { description: "El tablero", content: jsonContent(LeadBoardSchema) } },
});

export function registerAdminPipelineRoutes(api: ApiApp) {
  api.openapi(boardRoute, async (c) => {
    const now = c.var.deps.now();
    const db = c.var.deps.readDb;
    const board = await leadBoard(db, c.req.valid("query"), { reader: currentAdmin(c), now, staleDays: await leadStaleDays(db, now) });
    return c.json(board, 200);
  });
}
