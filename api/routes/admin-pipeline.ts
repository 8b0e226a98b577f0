// The sales pipeline (/admin/pipeline, issue 23, ADR 041): the board, the list and its CSV, one
// lead, a new lead by hand, its edits and its moves. Reading needs pipeline:read; writing
// pipeline:write on one's own or an unassigned lead, pipeline:write:any on anyone's
// (api/domain/pipeline.ts), checked here for every call.
import { z } from "zod";
import { currentAdmin } from "../auth";
import { formatDateTime, formatIsoDate } from "../contract/format";
import { IdParamSchema } from "../contract/ids";
import { BoardQuerySchema, LeadBoardSchema, MovedCardSchema, MoveLeadBodySchema } from "../contract/pipeline";
import {
  LEAD_MESSAGES,
  LeadDetailSchema,
  LeadExportQuerySchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadOwnersSchema,
  LeadPatchBodySchema,
  NewLeadBodySchema,
  type LeadRow,
} from "../contract/pipeline-leads";
import { LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS, LINE_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvMoney, csvStream } from "../csv";
import { adminActor } from "../db/audit";
import type { DbOrTx } from "../db/client";
import { leadBoard, leadCard } from "../db/pipeline-board.repo";
import { leadDetail, leadExportBatches, listLeads } from "../db/pipeline-leads.repo";
import { isLeadOwner, listLeadOwners } from "../db/pipeline-owners.repo";
import { canReassignLead } from "../domain/pipeline";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { INVALID_DATA } from "../services/quotes";
import type { AdminPrincipal } from "../principal";
import { createOrMergeLead, leadStaleDays, moveLead, updateLead } from "../services/pipeline-leads";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: embudo comercial"];
const FILTERS_TEXT = "Filtros: owner (id de un comercial, o me), line, minAgeDays (días en la etapa como mínimo), stale (true: solo las paradas)";

const boardRoute = adminRoute({
  method: "get",
  path: "/admin/pipeline/board",
  operationId: "getAdminPipelineBoard",
  tags: TAGS,
  summary: "El tablero del embudo comercial: por etapa, su número de oportunidades, su prima total y las más recientes",
  description: `${FILTERS_TEXT}. Cada tarjeta dice si quien pregunta puede moverla (canMove).`,
  request: { query: BoardQuerySchema },
  responses: { 200: { description: "El tablero", content: jsonContent(LeadBoardSchema) } },
});

const listRoute = adminRoute({
  method: "get",
  path: "/admin/pipeline/leads",
  operationId: "listAdminPipelineLeads",
  tags: TAGS,
  summary: "Las oportunidades del embudo como lista, con filtros, búsqueda, orden y paginación",
  description: `${FILTERS_TEXT}, stage (etapa), q (nombre, correo o teléfono). Orden por stage, name, premium, age o nextAction.`,
  request: { query: LeadListQuerySchema },
  responses: { 200: { description: "Página de oportunidades", content: jsonContent(LeadListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/pipeline/leads/export",
  operationId: "exportAdminPipelineLeads",
  tags: TAGS,
  summary: "Exporta en CSV las oportunidades que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/pipeline/leads, todas las filas. UTF-8 con BOM, separado por punto y coma.",
  request: { query: LeadExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const ownersRoute = adminRoute({
  method: "get",
  path: "/admin/pipeline/owners",
  operationId: "listAdminPipelineOwners",
  tags: TAGS,
  summary: "Quién puede llevar oportunidades: el personal activo con pipeline:write o pipeline:write:any",
  description: "Para elegir el comercial de una oportunidad (ownerId) y para el filtro por comercial del tablero y de la lista.",
  responses: { 200: { description: "Los comerciales, por nombre", content: jsonContent(LeadOwnersSchema) } },
});

/** An ownerId that is not one of the owners above is the form's error, not a database one. */
async function checkOwner(db: DbOrTx, ownerId: number | null | undefined) {
  if (ownerId != null && !(await isLeadOwner(db, ownerId))) throw new ApiProblem(400, INVALID_DATA, { ownerId: [LEAD_MESSAGES.owner] });
}

const createRoute = adminRoute({
  method: "post",
  path: "/admin/pipeline/leads",
  operationId: "createAdminPipelineLead",
  tags: TAGS,
  summary: "Da de alta una oportunidad a mano (una llamada, un contacto)",
  description:
    "Nombre y correo o teléfono (uno de los dos). El comercial es quien la crea, salvo que alguien con pipeline:write:any elija otro (ownerId). Si ya hay una abierta del mismo seguro con el mismo correo o teléfono, se une a ella (merged: true).",
  request: { body: { required: true, content: jsonContent(NewLeadBodySchema) } },
  responses: {
    201: {
      description: "La oportunidad (nueva o aquella a la que se unió)",
      content: jsonContent(z.object({ id: z.number().int(), merged: z.boolean() })),
    },
  },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/pipeline/leads/{id}",
  operationId: "getAdminPipelineLead",
  tags: TAGS,
  summary: "Una oportunidad con sus cotizaciones, su historial y lo que quien pregunta puede hacer con ella",
  request: { params: IdParamSchema },
  responses: { 200: { description: "La oportunidad", content: jsonContent(LeadDetailSchema) } },
});

const patchRoute = adminRoute({
  method: "patch",
  path: "/admin/pipeline/leads/{id}",
  operationId: "updateAdminPipelineLead",
  tags: TAGS,
  summary: "Cambia la próxima acción y su día, las notas, la prima esperada o (con pipeline:write:any) el comercial",
  description: "Solo la propia oportunidad o una sin comercial con pipeline:write; cualquiera con pipeline:write:any. Si no, 403.",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(LeadPatchBodySchema) } },
  responses: { 200: { description: "La oportunidad", content: jsonContent(LeadDetailSchema) } },
});

const moveRoute = adminRoute({
  method: "post",
  path: "/admin/pipeline/leads/{id}/move",
  operationId: "moveAdminPipelineLead",
  tags: TAGS,
  summary: "Mueve una oportunidad a otra etapa",
  description:
    "A perdido, con el motivo (lostReason). Con pipeline:write, la propia o una sin comercial (que pasa a ser de quien la mueve); con pipeline:write:any, cualquiera, y reabrir una ganada o perdida. Si no, 403.",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(MoveLeadBodySchema) } },
  responses: { 200: { description: "La tarjeta en su nueva etapa", content: jsonContent(MovedCardSchema) } },
});

export const LEAD_CSV_HEADER = [
  "Oportunidad",
  "Nombre",
  "Correo",
  "Teléfono",
  "Seguro",
  "Etapa",
  "Origen",
  "Prima esperada (€)",
  "Comercial",
  "Próxima acción",
  "Día",
  "En la etapa desde",
  "Parada",
  "Alta",
] as const;
const csvRow = (r: LeadRow) => [
  String(r.id),
  r.name,
  r.email ?? "",
  r.phone ?? "",
  r.line ? LINE_LABELS[r.line] : "",
  LEAD_STAGE_LABELS[r.stage],
  LEAD_SOURCE_LABELS[r.source],
  r.premiumCents === null ? "" : csvMoney(r.premiumCents),
  r.owner?.name ?? "",
  r.nextAction ?? "",
  r.nextActionOn ? formatIsoDate(r.nextActionOn) : "",
  formatDateTime(r.stageSince),
  r.stale ? "Sí" : "No",
  formatDateTime(r.createdAt),
];

async function listContext(db: DbOrTx, admin: AdminPrincipal, now: Date) {
  return { reader: admin, now, staleDays: await leadStaleDays(db, now) };
}

async function detailOr404(db: DbOrTx, id: number, admin: AdminPrincipal, now: Date) {
  const detail = await leadDetail(db, id, await listContext(db, admin, now));
  if (!detail) throw new ApiProblem(404, LEAD_MESSAGES.notFound);
  return detail;
}

export function registerAdminPipelineRoutes(api: ApiApp) {
  api.openapi(boardRoute, async (c) => {
    const db = c.var.deps.readDb;
    return c.json(await leadBoard(db, c.req.valid("query"), await listContext(db, currentAdmin(c), c.var.deps.now())), 200);
  });

  api.openapi(listRoute, async (c) => {
    const db = c.var.deps.readDb;
    return c.json(await listLeads(db, c.req.valid("query"), await listContext(db, currentAdmin(c), c.var.deps.now())), 200);
  });

  api.openapi(exportRoute, async (c) => {
    const db = c.var.deps.readDb;
    const batches = leadExportBatches(db, c.req.valid("query"), await listContext(db, currentAdmin(c), c.var.deps.now()));
    return csvAttachment(c, "oportunidades", csvStream({ header: LEAD_CSV_HEADER, batches, row: csvRow }));
  });

  api.openapi(ownersRoute, async (c) => c.json({ owners: await listLeadOwners(c.var.deps.readDb) }, 200));

  api.openapi(createRoute, async (c) => {
    const body = c.req.valid("json");
    const admin = currentAdmin(c);
    const now = c.var.deps.now();
    if (body.ownerId !== undefined && body.ownerId !== admin.id && !canReassignLead(admin)) throw new ApiProblem(403, LEAD_MESSAGES.reassign);
    await checkOwner(c.var.deps.db, body.ownerId);
    const { ownerId, line, ...fields } = body;
    const result = await c.var.deps.db.transaction((tx) =>
      createOrMergeLead(
        tx,
        { ...fields, source: "manual", stage: "nuevo", lineCode: line ?? null, assignedAdminId: ownerId ?? admin.id },
        adminActor(c),
        now,
      ),
    );
    return c.json(result, 201);
  });

  api.openapi(getRoute, async (c) => c.json(await detailOr404(c.var.deps.readDb, c.req.valid("param").id, currentAdmin(c), c.var.deps.now()), 200));

  api.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const admin = currentAdmin(c);
    const now = c.var.deps.now();
    const db = c.var.deps.db;
    const patch = c.req.valid("json");
    await checkOwner(db, patch.ownerId);
    await db.transaction((tx) => updateLead(tx, id, patch, admin, adminActor(c), now));
    return c.json(await detailOr404(db, id, admin, now), 200);
  });

  api.openapi(moveRoute, async (c) => {
    const { id } = c.req.valid("param");
    const move = c.req.valid("json");
    const admin = currentAdmin(c);
    const now = c.var.deps.now();
    const db = c.var.deps.db;
    await db.transaction((tx) => moveLead(tx, id, move, admin, adminActor(c), now));
    const card = await leadCard(db, id, admin, now, await leadStaleDays(db, now));
    if (!card) throw new ApiProblem(404, LEAD_MESSAGES.notFound);
    return c.json({ stage: move.stage, card }, 200);
  });
}
