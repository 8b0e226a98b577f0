// A customer's claims (issue 26, ADR 042): declaring one on their own policy, the draft kept while
// they go through the screens (with its photos and documents), and following their claims: the
// thread with the handler, the documents asked for, the files. Anyone else's policy, claim or file
// is the same 404 as one that does not exist (the IDOR tests walk it).
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { storedDocumentResponse } from "../answers/pdf";
import { withStore } from "../answers/stored-file";
import { currentUser } from "../auth";
import { CLAIM_EVENT_TYPES, CLAIM_CONTACT_TIMES } from "../contract/claim-vocabulary";
import { DeclaredClaimSchema, MyClaimsSchema } from "../contract/claim-views";
import { claimDeclarationSchema, ClaimDraftSchema } from "../contract/claims";
import {
  ClaimDraftFileSchema,
  ClaimFileFieldsSchema,
  MyClaimDetailSchema,
  MyClaimDraftSchema,
  MyClaimMessageBodySchema,
} from "../contract/my-claims";
import { claimCoverFacts } from "../db/claim-cover.repo";
import { claimFileOf, claimThread } from "../db/claim-thread.repo";
import { myClaims } from "../db/claim-views.repo";
import { openDraftOf } from "../db/claims.repo";
import { findStoredDocument } from "../db/documents.repo";
import type { PolicyView } from "../db/policies.repo";
import type { ApiApp, ApiEnv } from "../env";
import { UPLOAD_MAX_TEXT } from "../domain/uploaded-file";
import { ApiProblem, inputFieldErrors, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { saveClaimDraft } from "../services/claim-drafts";
import {
  addClaimFile,
  addDraftFile,
  DRAFT_FILE_NOT_FOUND_MESSAGE,
  postClaimMessage,
  readClaimThread,
  removeDraftFile,
} from "../services/claim-thread";
import { CLAIM_NOT_FOUND_MESSAGE, declareClaim, type ClaimActor } from "../services/claims";
import { readStoredDocument } from "../services/stored-documents";
import { policyIdParam, requireOwnPolicy, userRoute } from "./user-endpoints";
import { uploadedFileContent, uploadedFileField } from "./upload-fields";

const TAGS = ["Siniestros"];
const INVALID = "Revise los datos del siniestro";

/** The declaration as sent: values as typed («05/02/2027 20:30», «1.234,56»); checked against the policy's line. */
const DeclarationBodySchema = z.object({
  eventType: z.enum(CLAIM_EVENT_TYPES).optional().describe("Uno de los tipos del seguro de la póliza"),
  occurredAt: z.string().max(60).optional().describe("dd/mm/aaaa hh:mm (hora de España) o un instante ISO; no posterior a ahora"),
  place: z.string().max(300).optional(),
  description: z.string().max(4000).optional().describe("20 caracteres como mínimo"),
  amountClaimedCents: z.string().max(30).optional().describe("Euros como se escriben («1.234,56»)"),
  otherPlate: z.string().max(20).optional().describe("Colisión con otro vehículo: su matrícula"),
  otherInsurer: z.string().max(120).optional().describe("Colisión con otro vehículo: su aseguradora"),
  rentMonthsUnpaid: z.string().max(5).optional().describe("Impago de rentas: mensualidades debidas (1 a 18)"),
  contactPhone: z.string().max(30).optional(),
  contactEmail: z.string().max(254).optional(),
  contactTime: z.enum(CLAIM_CONTACT_TIMES).optional(),
});

const claimIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador numérico del siniestro" }),
});
const DraftAnswerSchema = z.object({ draft: ClaimDraftSchema.nullable() });
const claimFileParams = claimIdParam.extend({
  fileId: z.string().openapi({ param: { name: "fileId", in: "path" }, description: "Identificador numérico del fichero" }),
});
const draftFileParams = policyIdParam.extend({
  fileId: z.string().openapi({ param: { name: "fileId", in: "path" }, description: "Identificador numérico del fichero del borrador" }),
});
const FILE_NOT_FOUND_MESSAGE = "Fichero no encontrado";

/** An upload's multipart body (ADR 037's upload, reused): what the file is, and the file. */
const UploadBodySchema = z.object({
  kind: z
    .string()
    .optional()
    .openapi({ description: "Qué es: foto, parte_amistoso, denuncia, contrato_arrendamiento, reclamacion_inquilino, factura, otro…" }),
  file: uploadedFileField(),
});
const ClaimUploadBodySchema = UploadBodySchema.extend({
  requestId: z.string().optional().openapi({ description: "El documento pedido por el tramitador que este fichero responde (thread.requests[].id)" }),
});
const UPLOAD_DESCRIPTION = `multipart/form-data. El tipo se decide por los primeros bytes del fichero, no por su nombre; vacío, de más de ${UPLOAD_MAX_TEXT} o de otro tipo responde 400 con el motivo en fieldErrors.file y no guarda nada.`;

const declareRoute = userRoute({
  method: "post",
  path: "/me/policies/{id}/claims",
  operationId: "declareMyClaim",
  tags: TAGS,
  summary: "Declarar un siniestro de una póliza propia",
  description:
    "Se comprueba la cobertura del día en que ocurrió (en vigor, no suspendida por impago — art. 15 LCS —, una garantía que lo cubra ese día, carencia, franquicia y límite). Un siniestro que las reglas no cubren se registra igualmente y la respuesta dice por qué (covered: false y refusal). El borrador de la póliza, si lo había, se convierte en el siniestro. 404 para una póliza de otra persona.",
  request: { params: policyIdParam, body: { required: true, content: jsonContent(DeclarationBodySchema) } },
  responses: { 201: { description: "El siniestro declarado, con su número", content: jsonContent(DeclaredClaimSchema) } },
});

const draftGetRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/claims/draft",
  operationId: "getMyClaimDraft",
  tags: TAGS,
  summary: "El borrador de siniestro de una póliza propia (null si no hay), sus ficheros y las fechas con que se comprueba",
  request: { params: policyIdParam },
  responses: { 200: { description: "El borrador", content: jsonContent(MyClaimDraftSchema) } },
});

const draftFileRoute = userRoute({
  method: "post",
  path: "/me/policies/{id}/claims/draft/files",
  operationId: "addMyClaimDraftFile",
  tags: TAGS,
  summary: "Añadir una foto o un documento a la declaración en curso",
  description: `${UPLOAD_DESCRIPTION} Si aún no hay borrador, se crea. Al declarar, el fichero pasa al siniestro. 404 para una póliza de otra persona.`,
  request: { params: policyIdParam, body: { content: { "multipart/form-data": { schema: UploadBodySchema } } } },
  responses: { 201: { description: "El fichero añadido", content: jsonContent(ClaimDraftFileSchema) } },
});

const draftFileDeleteRoute = userRoute({
  method: "delete",
  path: "/me/policies/{id}/claims/draft/files/{fileId}",
  operationId: "removeMyClaimDraftFile",
  tags: TAGS,
  summary: "Quitar un fichero de la declaración en curso (antes de declarar)",
  description: "El documento queda eliminado (deja de listarse; la auditoría lo conserva). 404 para un fichero que no es del borrador de esa póliza.",
  request: { params: draftFileParams },
  responses: { 200: { description: "El borrador como queda", content: jsonContent(MyClaimDraftSchema) } },
});

const draftPutRoute = userRoute({
  method: "put",
  path: "/me/policies/{id}/claims/draft",
  operationId: "saveMyClaimDraft",
  tags: TAGS,
  summary: "Guardar lo escrito hasta ahora en la declaración de un siniestro",
  description: "Un borrador por póliza; cada guardado lo sustituye. Nada es obligatorio todavía.",
  request: { params: policyIdParam, body: { required: true, content: jsonContent(ClaimDraftSchema) } },
  responses: { 200: { description: "El borrador guardado", content: jsonContent(DraftAnswerSchema) } },
});

const listRoute = userRoute({
  method: "get",
  path: "/me/claims",
  operationId: "listMyClaims",
  tags: TAGS,
  summary: "Mis siniestros declarados, los más recientes primero",
  responses: { 200: { description: "Los siniestros", content: jsonContent(MyClaimsSchema) } },
});

const getRoute = userRoute({
  method: "get",
  path: "/me/claims/{id}",
  operationId: "getMyClaim",
  tags: TAGS,
  summary:
    "Uno de mis siniestros: su estado, por qué no está cubierto o se ha rechazado si es el caso, y los mensajes, documentos pedidos y ficheros",
  description: "Abrirlo da por leídos los mensajes del tramitador.",
  request: { params: claimIdParam },
  responses: { 200: { description: "El siniestro", content: jsonContent(MyClaimDetailSchema) } },
});

const messageRoute = userRoute({
  method: "post",
  path: "/me/claims/{id}/messages",
  operationId: "postMyClaimMessage",
  tags: TAGS,
  summary: "Escribir al tramitador de uno de mis siniestros",
  description: "Escribir da por leídos los mensajes del tramitador. 404 para un siniestro de otra persona.",
  request: { params: claimIdParam, body: { required: true, content: jsonContent(MyClaimMessageBodySchema) } },
  responses: { 201: { description: "El mensaje guardado", content: jsonContent(z.object({ id: z.number().int() })) } },
});

const claimFileRoute = userRoute({
  method: "post",
  path: "/me/claims/{id}/files",
  operationId: "addMyClaimFile",
  tags: TAGS,
  summary: "Enviar una foto o un documento de uno de mis siniestros (también el que pide el tramitador)",
  description: `${UPLOAD_DESCRIPTION} Con requestId responde a un documento pedido, que queda atendido (409 si ya lo estaba o no es de este siniestro); el fichero toma el tipo pedido. 404 para un siniestro de otra persona.`,
  request: { params: claimIdParam, body: { content: { "multipart/form-data": { schema: ClaimUploadBodySchema } } } },
  responses: {
    201: { description: "El fichero añadido", content: jsonContent(z.object({ id: z.number().int(), documentId: z.string() })) },
    ...errorResponses(409),
  },
});

const claimFileDownloadRoute = userRoute({
  method: "get",
  path: "/me/claims/{id}/files/{fileId}",
  operationId: "downloadMyClaimFile",
  tags: TAGS,
  summary: "Descargar un fichero de uno de mis siniestros",
  description: "Los bytes guardados, comprobados contra su hash. 404 para un siniestro o un fichero de otra persona.",
  request: { params: claimFileParams },
  responses: { 200: { description: "El fichero", content: uploadedFileContent } },
});

function parseId(value: string, message: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new ApiProblem(404, message);
  return Number(value);
}
const parseClaimId = (value: string) => parseId(value, CLAIM_NOT_FOUND_MESSAGE);

const customerActor = (user: { id: number; email: string }): ClaimActor => ({ actorType: "user", actorId: user.id, actorLabel: user.email });

/** The file part of a multipart body as the check reads it; a text field named file is no file. */
async function filePart(value: unknown): Promise<{ name: string; content: Uint8Array } | null> {
  if (!(value instanceof File)) return null;
  return { name: value.name, content: new Uint8Array(await value.arrayBuffer()) };
}

/** The upload's text fields, checked before anything is looked up (as a body is validated before a route runs). */
function uploadFields(form: Record<string, unknown>) {
  const parsed = ClaimFileFieldsSchema.safeParse(form);
  if (!parsed.success) throw new ApiProblem(400, "Revise el fichero", inputFieldErrors(parsed.error));
  return parsed.data;
}

/** The policy's draft as the screens read it: what was typed, its files, the first day of cover and the API's now. */
async function draftAnswer(c: Context<ApiEnv>, policy: PolicyView) {
  const { db, now } = c.var.deps;
  const draft = await openDraftOf(db, policy.id);
  const files = draft ? (await claimThread(db, draft.id)).files : [];
  const facts = await claimCoverFacts(db, policy.id);
  return {
    draft: draft?.draft ?? null,
    files: files.map(({ id, kind, filename, contentType, sizeBytes, at }) => ({ id, kind, filename, contentType, sizeBytes, at })),
    coverSince: facts?.coverStartDate ?? policy.startDate,
    now: now().toISOString(),
  };
}

/** The customer's own declared claim, or 404 (anyone else's is the same as a missing one). */
async function requireOwnClaim(c: Context<ApiEnv>, idParam: string) {
  const [claim] = await myClaims(c.var.deps.db, currentUser(c).id, { id: parseClaimId(idParam) });
  if (!claim) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
  return claim;
}

export function registerMyClaimRoutes(api: ApiApp) {
  api.openapi(declareRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    const at = now();
    const parsed = claimDeclarationSchema(policy.line, at).safeParse(c.req.valid("json"));
    if (!parsed.success) throw new ApiProblem(400, INVALID, inputFieldErrors(parsed.error));
    const actor = { actorType: "user" as const, actorId: user.id, actorLabel: user.email };
    const { claim, cover } = await declareClaim(db, { policyId: policy.id, userId: user.id, declaration: parsed.data }, actor, at);
    const [mine] = await myClaims(db, user.id, { id: claim.id });
    return c.json({ claim: mine!, covered: cover.covered }, 201);
  });

  api.openapi(draftGetRoute, async (c) => {
    const policy = await requireOwnPolicy(c.var.deps.db, currentUser(c).id, c.req.valid("param").id);
    return c.json(await draftAnswer(c, policy), 200);
  });

  api.openapi(draftFileRoute, async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const form = c.req.valid("form") as Record<string, unknown>;
    const { kind } = uploadFields(form);
    const policy = await requireOwnPolicy(deps.db, user.id, c.req.valid("param").id);
    const file = await filePart(form.file);
    const added = await withStore(deps, () => addDraftFile(deps, policy, user.id, { kind, file }, customerActor(user)));
    const answer = await draftAnswer(c, policy);
    return c.json(
      answer.files.find((f) => f.id === added.id)!,
      201,
    );
  });

  api.openapi(draftFileDeleteRoute, async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const params = c.req.valid("param");
    const policy = await requireOwnPolicy(deps.db, user.id, params.id);
    await removeDraftFile(deps, policy, parseId(params.fileId, DRAFT_FILE_NOT_FOUND_MESSAGE), customerActor(user));
    return c.json(await draftAnswer(c, policy), 200);
  });

  api.openapi(draftPutRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    return c.json({ draft: await saveClaimDraft(db, policy, user.id, c.req.valid("json"), now()) }, 200);
  });

  api.openapi(listRoute, async (c) => c.json({ items: await myClaims(c.var.deps.readDb, currentUser(c).id) }, 200));

  api.openapi(getRoute, async (c) => {
    const { db, now } = c.var.deps;
    const claim = await requireOwnClaim(c, c.req.valid("param").id);
    await readClaimThread(db, claim.id, { kind: "cliente", userId: currentUser(c).id }, now());
    return c.json({ ...claim, thread: await claimThread(db, claim.id) }, 200);
  });

  api.openapi(messageRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const claimId = parseClaimId(c.req.valid("param").id);
    const { body } = c.req.valid("json");
    return c.json(await postClaimMessage(db, claimId, { kind: "cliente", userId: user.id }, body, customerActor(user), now()), 201);
  });

  api.openapi(claimFileRoute, async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const form = c.req.valid("form") as Record<string, unknown>;
    const { kind, requestId } = uploadFields(form);
    const claimId = parseClaimId(c.req.valid("param").id);
    const file = await filePart(form.file);
    const added = await withStore(deps, () =>
      addClaimFile(deps, claimId, { kind: "cliente", userId: user.id }, { kind, requestId: requestId ?? null, file }, customerActor(user)),
    );
    return c.json(added, 201);
  });

  api.openapi(claimFileDownloadRoute, async (c) => {
    const { deps } = c.var;
    const params = c.req.valid("param");
    const claim = await requireOwnClaim(c, params.id);
    const file = await claimFileOf(deps.db, claim.id, parseId(params.fileId, FILE_NOT_FOUND_MESSAGE));
    const row = file ? await findStoredDocument(deps.db, file.documentId) : null;
    if (!row || row.deletedAt) throw new ApiProblem(404, FILE_NOT_FOUND_MESSAGE);
    return storedDocumentResponse(c, async () => ({ row, content: await readStoredDocument(deps, row) }));
  });
}
