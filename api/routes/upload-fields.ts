// The OpenAPI pieces of an upload (ADR 037), one for every route that takes or serves one: the
// multipart `file` field, and the answer of a download of an uploaded file (PDF, JPEG or PNG).
import { z } from "@hono/zod-openapi";
import { UPLOAD_MAX_TEXT } from "../domain/uploaded-file";

const binary = () => z.string().openapi({ type: "string", format: "binary" });

/** The `file` of a multipart upload; checked by the handler (by content), so optional here. */
export const uploadedFileField = () =>
  z
    .any()
    .optional()
    .openapi({
      type: "string",
      format: "binary",
      description: `PDF, JPEG o PNG de ${UPLOAD_MAX_TEXT} como máximo; el tipo se decide por el contenido`,
    });

/** What a download of an uploaded file answers: its bytes, as the type it was stored as. */
export const uploadedFileContent = { "application/pdf": { schema: binary() }, "image/jpeg": { schema: binary() }, "image/png": { schema: binary() } };
