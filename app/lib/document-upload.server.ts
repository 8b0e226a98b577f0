// The upload routes of a policy's and a client's documents (ADR 037): the multipart form read under
// the server's body limit for these paths (server/app.ts), checked here as the API checks it
// (size, then the type by content, so a wrong file is refused before it travels), and forwarded
// to the API as multipart through the one API client; the API checks it again.
import type { ActionFunctionArgs } from "@remix-run/node";
import { checkUploadedFile, DocumentSummarySchema, EntityDocumentsSchema, formatFileSize, UploadFormSchema } from "../../api/contract/uploads";
import { adminAction, type AdminLoaderArgs } from "./admin-route.server";
import { canOpen, type AdminRouteId } from "./admin-routes";
import { positiveIdParam } from "./http";
import { redirectWithToast } from "./toast.server";

export type UploadOwner = "policies" | "clients";

/** The page the upload goes back to, at its documents section. */
export const uploadReturnPath = (owner: UploadOwner, id: number) => `/admin/${owner}/${id}#documentos`;

export function uploadDocumentAction(args: ActionFunctionArgs, routeId: AdminRouteId, owner: UploadOwner) {
  return adminAction(args, routeId, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const { title, file } = form.parse(UploadFormSchema, { fields: ["title", "file"], hideFields: ["file"] });
    const check = checkUploadedFile({ name: file.name, content: new Uint8Array(await file.arrayBuffer()) });
    if (!check.ok) form.fail({ fieldErrors: { file: [check.message] } });
    const body = new FormData();
    body.set("title", title);
    body.set("file", file, file.name);
    const stored = await api.post(`/admin/${owner}/${id}/documents`, { body, schema: DocumentSummarySchema });
    return redirectWithToast(uploadReturnPath(owner, id), {
      type: "success",
      title: "Documento subido",
      description: `«${stored.title}» queda guardado como ${stored.filename} (${formatFileSize(stored.sizeBytes)})`,
    });
  });
}

/**
 * What a policy's or a client's page shows of its stored documents: the newest few when the person
 * may read documents (documents:read), whether they may upload (documents:write) and open the certificate.
 */
export async function loadEntityDocuments({ admin, api, params, request }: AdminLoaderArgs, owner: UploadOwner) {
  const id = positiveIdParam(params.id);
  const canRead = canOpen(admin.role.permissions, "routes/admin.documents.$id.descargar");
  const documents = canRead ? await api.get(`/admin/${owner}/${id}/documents`, { schema: EntityDocumentsSchema, signal: request.signal }) : null;
  return {
    documents,
    canUpload: canOpen(
      admin.role.permissions,
      owner === "policies" ? "routes/admin.policies.$id.documentos.subir" : "routes/admin.clients.$id.documentos.subir",
      "action",
    ),
    canCertificate: canOpen(admin.role.permissions, "routes/admin.policies.$id.documentos.certificado"),
  };
}
