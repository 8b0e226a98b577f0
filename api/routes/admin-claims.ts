// Claims for staff (/admin/claims, issue 26, ADR 042): the list and one claim need claims:read;
// handling (assign, status, reserve, accept, reject) claims:write; paying the indemnity claims:pay,
// which is separate from handling. Every write is the service's, audited in its transaction.
import { z } from "@hono/zod-openapi";
import { currentAdmin } from "../auth";
import { ClaimDetailSchema, ClaimListQuerySchema, ClaimListSchema } from "../contract/claim-views";
import {
  AcceptClaimBodySchema,
  AssignClaimBodySchema,
  ChangeClaimStatusBodySchema,
  ClaimReserveBodySchema,
  PayClaimBodySchema,
  RejectClaimBodySchema,
} from "../contract/claims";
import { IdParamSchema } from "../contract/ids";
import { adminActor } from "../db/audit";
import type { DbOrTx } from "../db/client";
import { claimDetail, claimHandlers, listClaims } from "../db/claim-views.repo";
import { hasPermission } from "../domain/permissions";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import type { AdminPrincipal } from "../principal";
import { acceptClaim, assignClaim, changeClaimReserve, changeClaimStatus, CLAIM_NOT_FOUND_MESSAGE, payClaim, rejectClaim } from "../services/claims";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: siniestros"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/claims",
  operationId: "listAdminClaims",
  tags: TAGS,
  summary: "Los siniestros declarados, con filtros, búsqueda, orden y paginación",
  description:
    "Filtros: status, line, handler (me, none o el id de un tramitador), minAgeDays (declarados hace al menos N días), minReserveEuros, q (número del siniestro o de la póliza, o nombre del tomador). Orden por declaredAt, occurredAt o reserve.",
  request: { query: ClaimListQuerySchema },
  responses: { 200: { description: "Página de siniestros", content: jsonContent(ClaimListSchema) } },
});

const handlersRoute = adminRoute({
  method: "get",
  path: "/admin/claims/handlers",
  operationId: "listAdminClaimHandlers",
  tags: TAGS,
  summary: "Quién puede tramitar siniestros: el personal activo con claims:write",
  responses: {
    200: {
      description: "Los tramitadores, por nombre",
      content: jsonContent(z.object({ handlers: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
    },
  },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/claims/{id}",
  operationId: "getAdminClaim",
  tags: TAGS,
  summary: "Un siniestro: sus datos, la comprobación de cobertura línea a línea, las señales de fraude, su historial y su reserva",
  request: { params: IdParamSchema },
  responses: { 200: { description: "El siniestro", content: jsonContent(ClaimDetailSchema) } },
});

/** A write on one claim: its body, and the claim as it is afterwards. */
function writeRoute<B extends z.ZodTypeAny>(action: string, operationId: string, summary: string, body: B, description?: string) {
  return adminRoute({
    method: "post",
    path: `/admin/claims/{id}/${action}` as const,
    operationId,
    tags: TAGS,
    summary,
    ...(description ? { description } : {}),
    request: { params: IdParamSchema, body: { required: true, content: jsonContent(body) } },
    responses: { 200: { description: "El siniestro tras el cambio", content: jsonContent(ClaimDetailSchema) }, ...errorResponses(409) },
  });
}

const assignRoute = writeRoute(
  "assign",
  "assignAdminClaim",
  "Asigna el siniestro a un tramitador (o a ninguno: handlerId null)",
  AssignClaimBodySchema,
);
const statusRoute = writeRoute(
  "status",
  "changeAdminClaimStatus",
  "Cambia el estado a en revisión, peritación, cerrado o reabierto",
  ChangeClaimStatusBodySchema,
  "Aceptar, rechazar y pagar tienen su propia operación. Un cambio que el estado de hoy no permite es un 409 con el motivo.",
);
const reserveRoute = writeRoute(
  "reserve",
  "changeAdminClaimReserve",
  "Cambia la reserva (lo que se espera pagar), con el motivo",
  ClaimReserveBodySchema,
);
const acceptRoute = writeRoute(
  "accept",
  "acceptAdminClaim",
  "Acepta el siniestro con el importe reclamado que se acepta",
  AcceptClaimBodySchema,
  "Las reglas de cobertura se aplican otra vez con ese importe: la franquicia y el límite de la garantía dan lo que se pagará. Si no lo cubren, 409.",
);
const rejectRoute = writeRoute("reject", "rejectAdminClaim", "Rechaza el siniestro con un motivo que el cliente leerá", RejectClaimBodySchema);
const payRoute = writeRoute(
  "pay",
  "payAdminClaim",
  "Paga la indemnización por transferencia al IBAN que dio el cliente",
  PayClaimBodySchema,
  "Necesita claims:pay (aparte de tramitar). Solo un siniestro aceptado con importe a pagar.",
);

function canOf(admin: AdminPrincipal) {
  return { write: hasPermission(admin.permissions, "claims:write"), pay: hasPermission(admin.permissions, "claims:pay") };
}

async function detailOr404(db: DbOrTx, id: number, admin: AdminPrincipal) {
  const detail = await claimDetail(db, id, canOf(admin));
  if (!detail) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
  return detail;
}

export function registerAdminClaimRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listClaims(c.var.deps.readDb, c.req.valid("query"), currentAdmin(c).id, c.var.deps.now()), 200));
  api.openapi(handlersRoute, async (c) => c.json({ handlers: await claimHandlers(c.var.deps.readDb) }, 200));
  api.openapi(getRoute, async (c) => c.json(await detailOr404(c.var.deps.readDb, c.req.valid("param").id, currentAdmin(c)), 200));

  // Each write: the service (404 for an unknown claim, 409 for what its status does not allow), then the claim read again.
  const answer = async (c: { var: { deps: { db: DbOrTx }; admin?: AdminPrincipal } }, id: number) => detailOr404(c.var.deps.db, id, currentAdmin(c));
  api.openapi(assignRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    await assignClaim(c.var.deps.db, id, { handlerId: body.handlerId ?? null, note: body.note }, adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(statusRoute, async (c) => {
    const { id } = c.req.valid("param");
    await changeClaimStatus(c.var.deps.db, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(reserveRoute, async (c) => {
    const { id } = c.req.valid("param");
    await changeClaimReserve(c.var.deps.db, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(acceptRoute, async (c) => {
    const { id } = c.req.valid("param");
    await acceptClaim(c.var.deps.db, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(rejectRoute, async (c) => {
    const { id } = c.req.valid("param");
    await rejectClaim(c.var.deps.db, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(payRoute, async (c) => {
    const { id } = c.req.valid("param");
    await payClaim(c.var.deps.db, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
}
