// A generated PDF as the API answers it (the visitor's and staff's downloads alike).
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ApiEnv } from "../env";
import type { RenderedDocument } from "../services/documents";
import type { StoredFile } from "../services/stored-documents";
import { withStore } from "./stored-file";

/** The OpenAPI content of a PDF answer. */
export const pdfContent = { "application/pdf": { schema: z.string().openapi({ type: "string", format: "binary" }) } };

/** The PDF as a download. Personal documents are never cached by shared caches. */
export function pdfResponse(c: Context, doc: RenderedDocument, cache: "private" | "public" = "private") {
  return c.body(new Uint8Array(doc.content), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${doc.filename}"`,
    "Content-Length": String(doc.content.length),
    "Cache-Control": cache === "private" ? "private, no-store" : "public, max-age=300",
  });
}

/**
 * A stored document as a download (ADR 036): its bytes as issued, its type and file name. A
 * version that cannot be read back (missing, changed, another store) is a 500 with a Spanish
 * message and an error log line — never a file rendered again in its place; a store that does not
 * answer (the bucket) is a 503 (withStore).
 */
export async function storedDocumentResponse(c: Context<ApiEnv>, issue: () => Promise<StoredFile>, cache: "private" | "public" = "private") {
  const file: StoredFile = await withStore(c.var.deps, issue);
  return c.body(new Uint8Array(file.content), 200, {
    "Content-Type": file.row.contentType,
    "Content-Disposition": `attachment; filename="${file.row.filename}"`,
    "Content-Length": String(file.content.length),
    "Cache-Control": cache === "private" ? "private, no-store" : "public, max-age=300",
    ETag: `"${file.row.sha256}"`,
  });
}
