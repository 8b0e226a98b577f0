// Staff's documents of one policy or client (ADR 037): upload a signed document (multipart, checked
// by content, documents:write), the newest few for the page (documents:read), and the policy's
// certificate of insurance. The documents list (/admin/documents) has them all.
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiApp, ApiEnv } from "../env";
import { adminActor } from "../db/audit";
import { clientOwner, entityDocuments, policyOwner, type EntityRef } from "../db/entity-documents.repo";
import { loadPolicyViews } from "../db/policies.repo";
import { IdParamSchema } from "../contract/ids";
import { CLIENT_MESSAGES } from "../contract/clients";
import { POLICY_NOT_FOUND_MESSAGE } from "../contract/policies";
import { DocumentSummarySchema, ENTITY_DOCUMENTS_SHOWN, EntityDocumentsSchema } from "../contract/uploads";
import { UPLOAD_MAX_TEXT } from "../domain/uploaded-file";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { documentSummary, withStore } from "../answers/stored-file";
import { pdfContent, pdfResponse } from "../answers/pdf";
import { uploadDocument } from "../services/document-uploads";
import { issueCertificate } from "../services/certificate";
import { adminRoute } from "./admin-endpoints";
import { uploadedFileField } from "./upload-fields";

const UploadBodySchema = z.object({
  title: z.string().optional().openapi({ description: "Título que verá el equipo, p. ej. «Mandato firmado» (1 a 200 caracteres)" }),
  file: uploadedFileField(),
});

const uploadRoute = <P extends string>(path: P, operationId: string, tag: string, owner: string) =>
  adminRoute({
    method: "post",
    path,
    operationId,
    tags: [tag],
    summary: `Sube un documento firmado ${owner} (PDF, JPEG o PNG)`,
    description: `multipart/form-data con \`title\` y \`file\`. El tipo se decide por los primeros bytes del fichero, no por su nombre ni por el tipo declarado; vacío, de más de ${UPLOAD_MAX_TEXT} o de otro tipo responde 400 con el motivo en fieldErrors y no guarda nada. Queda en el almacén de documentos y en la auditoría (document.uploaded).`,
    request: { params: IdParamSchema, body: { content: { "multipart/form-data": { schema: UploadBodySchema } } } },
    responses: { 201: { description: "El documento guardado", content: jsonContent(DocumentSummarySchema) } },
  });

const listRoute = <P extends string>(path: P, operationId: string, tag: string, owner: string) =>
  adminRoute({
    method: "get",
    path,
    operationId,
    tags: [tag],
    summary: `Los últimos documentos ${owner} y cuántos tiene`,
    description: `Los ${ENTITY_DOCUMENTS_SHOWN} más recientes, los más nuevos primero; la lista completa está en /admin/documents.`,
    request: { params: IdParamSchema },
    responses: { 200: { description: "Documentos", content: jsonContent(EntityDocumentsSchema) } },
  });

const POLICIES = "Administración: pólizas";
const CLIENTS = "Administración: clientes";
const uploadToPolicy = uploadRoute("/admin/policies/{id}/documents", "uploadPolicyDocument", POLICIES, "a la póliza");
const uploadToClient = uploadRoute("/admin/clients/{id}/documents", "uploadClientDocument", CLIENTS, "al cliente");
const policyDocuments = listRoute("/admin/policies/{id}/documents", "listPolicyDocuments", POLICIES, "de la póliza");
const clientDocuments = listRoute("/admin/clients/{id}/documents", "listClientDocuments", CLIENTS, "del cliente");

const certificateRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}/documents/certificate",
  operationId: "getAdminPolicyCertificate",
  tags: [POLICIES],
  summary: "Descarga el certificado de seguro de la póliza (PDF de una página)",
  description:
    "Tomador, objeto asegurado, aseguradora, cobertura, fechas y que la prima está pagada. Solo para una póliza en vigor con los recibos vencidos cobrados; si no, 409 con el motivo. Se guarda uno por póliza y día: el mismo que descarga el cliente ese día.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "PDF del certificado", content: pdfContent }, ...errorResponses(409) },
});

/** The file part of a multipart body as the check reads it; a text field named file is no file. */
async function filePart(value: unknown): Promise<{ name: string; content: Uint8Array } | null> {
  if (!(value instanceof File)) return null;
  return { name: value.name, content: new Uint8Array(await value.arrayBuffer()) };
}

export function registerAdminEntityDocumentRoutes(api: ApiApp) {
  const upload = async (c: Context<ApiEnv>, ref: EntityRef, form: { title?: string; file?: unknown }) => {
    const row = await withStore(c.var.deps, async () =>
      uploadDocument(c.var.deps, ref, { title: form.title, file: await filePart(form.file) }, adminActor(c)),
    );
    return documentSummary(row);
  };
  api.openapi(uploadToPolicy, async (c) => c.json(await upload(c, { policyId: c.req.valid("param").id }, c.req.valid("form")), 201));
  api.openapi(uploadToClient, async (c) => c.json(await upload(c, { clientId: c.req.valid("param").id }, c.req.valid("form")), 201));

  const list = async (c: Context<ApiEnv>, ref: EntityRef) => {
    const { db } = c.var.deps;
    // A policy or client that does not exist is a 404, not an empty list.
    if ("policyId" in ref ? !(await policyOwner(db, ref.policyId)) : !(await clientOwner(db, ref.clientId)))
      throw new ApiProblem(404, "policyId" in ref ? POLICY_NOT_FOUND_MESSAGE : CLIENT_MESSAGES.notFound);
    const { rows, total } = await entityDocuments(db, ref, ENTITY_DOCUMENTS_SHOWN);
    return { items: rows.map(documentSummary), total };
  };
  api.openapi(policyDocuments, async (c) => c.json(await list(c, { policyId: c.req.valid("param").id }), 200));
  api.openapi(clientDocuments, async (c) => c.json(await list(c, { clientId: c.req.valid("param").id }), 200));

  api.openapi(certificateRoute, async (c) => {
    const { deps } = c.var;
    const [policy] = await loadPolicyViews(deps.db, { id: c.req.valid("param").id });
    if (!policy) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
    const admin = adminActor(c);
    const { row, content } = await withStore(deps, () =>
      issueCertificate(deps, policy, { type: "admin", id: admin.actorId, label: admin.actorLabel }),
    );
    return pdfResponse(c, { filename: row.filename, content });
  });
}
