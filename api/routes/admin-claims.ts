// Claims for staff (/admin/claims, issue 26, ADR 042): the list, one claim and its files need
// claims:read; handling (assign, status, reserve, accept, reject, messages, document requests, the
// perito and the files the handler adds) claims:write; paying the indemnity claims:pay, which is
// separate from handling. Every write is the service's, audited in its transaction.
import { z } from "@hono/zod-openapi";
import { currentAdmin } from "../auth";
import {
  AdminClaimSchema,
  AppointClaimExpertBodySchema,
  CLAIM_EXPERT_MESSAGES,
  ClaimFileKindSchema,
  ClaimHandlersSchema,
} from "../contract/admin-claims";
import { ClaimListQuerySchema, ClaimListSchema } from "../contract/claim-views";
import {
  AcceptClaimBodySchema,
  AssignClaimBodySchema,
  ChangeClaimStatusBodySchema,
  ClaimMessageBodySchema,
  ClaimReserveBodySchema,
  PayClaimBodySchema,
  RejectClaimBodySchema,
  RequestClaimDocumentBodySchema,
} from "../contract/claims";
import { IdParamSchema } from "../contract/ids";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterErrors } from "../contract/text";
import { UPLOAD_MAX_TEXT } from "../domain/uploaded-file";
import { adminActor } from "../db/audit";
import type { DbOrTx } from "../db/client";
import { adminClaim, claimHandlers, listClaims } from "../db/claim-views.repo";
import { claimFileOf } from "../db/claim-thread.repo";
import { findStoredDocument } from "../db/documents.repo";
import { storedDocumentResponse } from "../answers/pdf";
import { withStore } from "../answers/stored-file";
import { addClaimFile, postClaimMessage, readClaimThread, requestClaimDocument } from "../services/claim-thread";
import { readStoredDocument } from "../services/stored-documents";
import { hasPermission } from "../domain/permissions";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import type { AdminPrincipal } from "../principal";
import {
  acceptClaim,
  appointClaimExpert,
  assignClaim,
  changeClaimReserve,
  changeClaimStatus,
  CLAIM_NOT_FOUND_MESSAGE,
  payClaim,
  rejectClaim,
} from "../services/claims";
import { adminRoute } from "./admin-endpoints";
import { uploadedFileContent, uploadedFileField } from "./upload-fields";

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
      content: jsonContent(ClaimHandlersSchema),
    },
  },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/claims/{id}",
  operationId: "getAdminClaim",
  tags: TAGS,
  summary:
    "Un siniestro: sus datos, la comprobación de cobertura línea a línea, las señales de fraude, su historial, su reserva, el perito y lo que comparte con el cliente (mensajes, documentos pedidos, ficheros)",
  description: "Quien puede tramitar (claims:write) y lo abre deja leídos los mensajes del cliente.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "El siniestro", content: jsonContent(AdminClaimSchema) } },
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
    responses: { 200: { description: "El siniestro tras el cambio", content: jsonContent(AdminClaimSchema) }, ...errorResponses(409) },
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

const messageRoute = writeRoute(
  "messages",
  "postAdminClaimMessage",
  "Escribe al cliente en el hilo del siniestro",
  ClaimMessageBodySchema,
  "El cliente recibe un correo (siniestro-mensaje) y lo lee en Mi póliza; sus mensajes quedan leídos.",
);
const documentRequestRoute = writeRoute(
  "document-requests",
  "requestAdminClaimDocument",
  "Pide un documento al cliente",
  RequestClaimDocumentBodySchema,
  "El cliente recibe un correo (siniestro-documento-pedido) y lo sube en Mi póliza. Un siniestro cerrado es un 409.",
);
const expertRoute = writeRoute(
  "expert",
  "appointAdminClaimExpert",
  "Designa un perito: nombre, teléfono o correo y una nota",
  AppointClaimExpertBodySchema,
  "Queda en el historial y en la auditoría; el siniestro pasa a peritación si su estado lo permite (en revisión, reabierto). Rechazado, pagado o cerrado: 409.",
);

const FileUploadBodySchema = z.object({
  kind: z.string().optional().openapi({ description: "El tipo de documento (informe_pericial para el informe del perito, factura, foto…)" }),
  file: uploadedFileField(),
});
const fileUploadRoute = adminRoute({
  method: "post",
  path: "/admin/claims/{id}/files",
  operationId: "uploadAdminClaimFile",
  tags: TAGS,
  summary: "Añade un fichero al siniestro (el informe del perito, una factura…)",
  description: `multipart/form-data con \`kind\` y \`file\`. El tipo se decide por los primeros bytes del fichero; vacío, de más de ${UPLOAD_MAX_TEXT} o de otro tipo responde 400 con el motivo en fieldErrors y no guarda nada.`,
  request: { params: IdParamSchema, body: { content: { "multipart/form-data": { schema: FileUploadBodySchema } } } },
  responses: { 201: { description: "El siniestro con el fichero", content: jsonContent(AdminClaimSchema) } },
});

const FileParamSchema = IdParamSchema.extend({ fileId: IdParamSchema.shape.id.describe("Identificador del fichero del siniestro") });
const fileDownloadRoute = adminRoute({
  method: "get",
  path: "/admin/claims/{id}/files/{fileId}",
  operationId: "downloadAdminClaimFile",
  tags: TAGS,
  summary: "Descarga un fichero del siniestro (sus bytes guardados, comprobados contra su hash)",
  request: { params: FileParamSchema },
  responses: {
    200: {
      description: "El fichero",
      content: uploadedFileContent,
    },
  },
});

function canOf(admin: AdminPrincipal) {
  return { write: hasPermission(admin.permissions, "claims:write"), pay: hasPermission(admin.permissions, "claims:pay") };
}

async function detailOr404(db: DbOrTx, id: number, admin: AdminPrincipal) {
  const detail = await adminClaim(db, id, canOf(admin));
  if (!detail) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
  return detail;
}

export function registerAdminClaimRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listClaims(c.var.deps.readDb, c.req.valid("query"), currentAdmin(c).id, c.var.deps.now()), 200));
  api.openapi(handlersRoute, async (c) => c.json({ handlers: await claimHandlers(c.var.deps.readDb) }, 200));
  api.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const admin = currentAdmin(c);
    // Whoever handles it and opens it has read the customer's messages (from the primary, then, to show the marks).
    if (!canOf(admin).write) return c.json(await detailOr404(c.var.deps.readDb, id, admin), 200);
    await readClaimThread(c.var.deps.db, id, { kind: "tramitador", adminId: admin.id }, c.var.deps.now());
    return c.json(await detailOr404(c.var.deps.db, id, admin), 200);
  });

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
  api.openapi(messageRoute, async (c) => {
    const { id } = c.req.valid("param");
    const admin = currentAdmin(c);
    await postClaimMessage(c.var.deps.db, id, { kind: "tramitador", adminId: admin.id }, c.req.valid("json").body, adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(documentRequestRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    await requestClaimDocument(c.var.deps.db, id, currentAdmin(c).id, { kind: body.kind, note: body.note ?? null }, adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(expertRoute, async (c) => {
    const { id } = c.req.valid("param");
    await appointClaimExpert(c.var.deps.db, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await answer(c, id), 200);
  });
  api.openapi(fileUploadRoute, async (c) => {
    const { id } = c.req.valid("param");
    const form = c.req.valid("form");
    // A multipart body is not JSON: the API's control-character check (ADR 021) does not see it.
    const controls = controlCharacterErrors({ kind: form.kind });
    if (Object.keys(controls).length > 0) throw new ApiProblem(400, CONTROL_CHARACTER_MESSAGE, controls);
    const kind = ClaimFileKindSchema.safeParse(form.kind);
    if (!kind.success) throw new ApiProblem(400, CLAIM_EXPERT_MESSAGES.kind, { kind: [CLAIM_EXPERT_MESSAGES.kind] });
    const file = form.file instanceof File ? { name: form.file.name, content: new Uint8Array(await form.file.arrayBuffer()) } : null;
    const admin = currentAdmin(c);
    await withStore(c.var.deps, () =>
      addClaimFile(c.var.deps, id, { kind: "tramitador", adminId: admin.id }, { kind: kind.data, file }, adminActor(c)),
    );
    return c.json(await answer(c, id), 201);
  });
  api.openapi(fileDownloadRoute, async (c) => {
    const { id, fileId } = c.req.valid("param");
    const { deps } = c.var;
    const link = await claimFileOf(deps.db, id, fileId);
    const row = link ? await findStoredDocument(deps.db, link.documentId) : null;
    if (!row || row.deletedAt) throw new ApiProblem(404, "Fichero no encontrado");
    return storedDocumentResponse(c, async () => ({ row, content: await readStoredDocument(deps, row) }));
  });
}
