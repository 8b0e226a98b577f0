// A generated PDF as the API answers it (the visitor's and staff's downloads alike).
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { RenderedDocument } from "../services/documents";

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
