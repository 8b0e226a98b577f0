// The document store's failures as the API answers them (ADR 036/037), and a stored document's
// summary. A store that fails, or a file that is not the one recorded, is an error answer, never
// another file (the download itself: storedDocumentResponse in ./pdf.ts).
import type { ApiDeps } from "../env";
import type { StoredDocumentRow } from "../db/documents.repo";
import type { DocumentSummary } from "../contract/uploads";
import { ApiProblem } from "../http";
import { STORED_DOCUMENT_UNREADABLE_MESSAGE, StoredDocumentUnreadable } from "../services/stored-documents";
import { DocumentStoreUnavailable } from "../services/document-store/store";

export const STORE_UNAVAILABLE_MESSAGE = "El almacén de documentos no responde ahora mismo. Inténtelo de nuevo en unos minutos.";

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
      deps.logger.error("stored document unreadable", { documentId: error.documentId, reason: error.reason });
      throw new ApiProblem(500, STORED_DOCUMENT_UNREADABLE_MESSAGE);
    }
    throw error;
  }
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
