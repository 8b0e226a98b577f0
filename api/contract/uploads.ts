// Documents uploaded to a policy or a client, the few the policy and client pages show, and the
// certificate of insurance's refusal (ADR 037). The upload's file check is api/domain/uploaded-file.ts.
import { z } from "zod";
import { AdminDocumentRowSchema } from "./documents";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenControl } from "./text";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "../domain/uploaded-file";

// The web checks an upload as the API does (app/ reads the API only through api/contract).
export { checkUploadedFile, UPLOAD_MAX_TEXT } from "../domain/uploaded-file";

export const UPLOAD_TITLE_MAX_LENGTH = 200;

export const UploadTitleSchema = z
  .string({ required_error: "Escriba un título", invalid_type_error: "Escriba un título" })
  .trim()
  .min(1, "Escriba un título")
  .max(UPLOAD_TITLE_MAX_LENGTH, `El título admite como máximo ${UPLOAD_TITLE_MAX_LENGTH} caracteres`)
  // A multipart body is not a JSON body: the API's control-character check of JSON (ADR 021) does not see it.
  .refine((title) => !hasForbiddenControl(title, "title"), CONTROL_CHARACTER_MESSAGE);

/** The web's upload form (multipart): a title and the file; the size is checked here, the type by its content on the server. */
export const UploadFormSchema = z.object({
  title: UploadTitleSchema,
  file: z.instanceof(File, { message: UPLOAD_MESSAGES.missing }).superRefine((file, ctx) => {
    // A form sent without choosing a file carries an empty part without a name.
    const message =
      file.size === 0
        ? file.name === ""
          ? UPLOAD_MESSAGES.missing
          : UPLOAD_MESSAGES.empty
        : file.size > UPLOAD_MAX_BYTES
          ? UPLOAD_MESSAGES.tooLarge
          : null;
    if (message) ctx.addIssue({ code: "custom", message });
  }),
});

/** One stored document as the policy and client pages list it: a row of the documents list, its author as a name. */
export const DocumentSummarySchema = AdminDocumentRowSchema.pick({
  id: true,
  kind: true,
  title: true,
  filename: true,
  contentType: true,
  sizeBytes: true,
  version: true,
}).extend({ createdAt: z.string().datetime(), createdBy: z.string().nullable() });
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** The newest documents of a policy or a client, and how many it has in all. */
export const EntityDocumentsSchema = z.object({ items: z.array(DocumentSummarySchema), total: z.number().int() });
export type EntityDocuments = z.infer<typeof EntityDocumentsSchema>;

/** How many the pages show; the documents list has the rest. */
export const ENTITY_DOCUMENTS_SHOWN = 5;

/** "2,4 MB", "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString("es-ES", { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("es-ES")} KB`;
}
