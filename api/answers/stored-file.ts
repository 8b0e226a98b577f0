// A stored document as the API answers it (ADR 036/037): its bytes, read back and checked against
// the hash, with the type and name it was stored with. A store that fails, or a file that is not
// the one recorded, is an error answer, never another file.
import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { ApiDeps } from "../env";
import type { StoredDocumentRow } from "../db/documents.repo";
import type { DocumentSummary } from "../contract/uploads";
import { ApiProblem } from "../http";
import { readStoredDocument, StoredDocumentUnreadable } from "../services/stored-documents";
import { DocumentStoreUnavailable } from "../services/document-store/s3";

export const STORE_UNAVAILABLE_MESSAGE = "El almacén de documentos no responde ahora mismo. Inténtelo de nuevo en unos minutos.";
export const STORED_FILE_UNREADABLE_MESSAGE = "El documento guardado no se puede servir: no está en el almacén o no coincide con el emitido.";

/** The OpenAPI content of a stored file (PDF, JPEG or PNG). */
export const storedFileContent = Object.fromEntries(
  ["application/pdf", "image/jpeg", "image/png"].map((type) => [type, { schema: z.string().openapi({ type: "string", format: "binary" }) }]),
);

/** The store's failures as the API's answers: 503 when the store is down, 500 (logged) when the file is not the one recorded. */
export async function withStore<T>(deps: Pick<ApiDeps, "logger">, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentStoreUnavailable) {
      deps.logger.error("document store unavailable", { error: error.message });
      throw new ApiProblem(503, STORE_UNAVAILABLE_MESSAGE, undefined, { "Retry-After": "60" });
    }
    if (error instanceof StoredDocumentUnreadable) {
      deps.logger.error("stored document unreadable", { error: error.message });
      throw new ApiProblem(500, STORED_FILE_UNREADABLE_MESSAGE);
    }
    throw error;
  }
}

/** The bytes of a stored version, checked (readStoredDocument), with the store's failures answered. */
export function readStoredFile(deps: Pick<ApiDeps, "logger" | "documents">, row: StoredDocumentRow): Promise<Buffer> {
  return withStore(deps, () => readStoredDocument(deps, row));
}

/** The file as a download; never kept by shared caches. */
export function storedFileResponse(c: Context, row: StoredDocumentRow, content: Buffer) {
  return c.body(new Uint8Array(content), 200, {
    "Content-Type": row.contentType,
    "Content-Disposition": `attachment; filename="${row.filename}"`,
    "Content-Length": String(content.length),
    "Cache-Control": "private, no-store",
  });
}

export function documentSummary(row: StoredDocumentRow): DocumentSummary {
  return {
    id: row.id,
    kind: row.kind as DocumentSummary["kind"],
    title: row.title,
    filename: row.filename,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByLabel,
  };
}
