// GET /admin/documents/{id}/download: one stored document's bytes for staff with documents:read
// (ADR 036/037), read back from the store and checked against its hash. Kept in its own file so it
// merges with the documents list's routes.
import { z } from "@hono/zod-openapi";
import type { ApiApp } from "../env";
import { findStoredDocument } from "../db/documents.repo";
import { ApiProblem } from "../http";
import { readStoredFile, storedFileContent, storedFileResponse } from "../answers/stored-file";
import { adminRoute } from "./admin-endpoints";

export const DOCUMENT_NOT_FOUND_MESSAGE = "Documento no encontrado";

const downloadRoute = adminRoute({
  method: "get",
  path: "/admin/documents/{id}/download",
  operationId: "downloadAdminDocument",
  tags: ["Administración: documentos"],
  summary: "Descarga un documento guardado (generado o subido), byte a byte el que se guardó",
  description:
    "Se comprueba su SHA-256 con el registrado al guardarlo: un fichero que falta o cambió responde 500 y no se sirve. 503 si el almacén de documentos no responde. Un documento eliminado responde 404.",
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador (UUID) del documento" }) }) },
  responses: { 200: { description: "El fichero", content: storedFileContent } },
});

export function registerAdminDocumentDownloadRoutes(api: ApiApp) {
  api.openapi(downloadRoute, async (c) => {
    const row = await findStoredDocument(c.var.deps.db, c.req.valid("param").id);
    if (!row || row.deletedAt) throw new ApiProblem(404, DOCUMENT_NOT_FOUND_MESSAGE);
    return storedFileResponse(c, row, await readStoredFile(c.var.deps, row));
  });
}
