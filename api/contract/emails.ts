// The back office's outbox (/admin/email, ADR 039): every queued e-mail as a list (query and answer,
// on the list kit of ADR 010), one message with everything about its delivery, and the answers of
// resending and cancelling. Shared with app/.
import { z } from "zod";
import { isIsoDate } from "./quotes";
import { listQuerySchemas, paginated } from "./list-query";
import { documented } from "./openapi-meta";
import { EMAIL_STATUSES, EMAIL_TEMPLATES } from "./vocabulary";

/**
 * The policy of an e-mail's HTML shown in a sandboxed frame of the back office (a stored message,
 * /admin/email/{id}/html, ADR 039; a template's preview, ADR 040): its inline styles and data:
 * images only — no scripts, no requests, no forms; only our own pages may frame it.
 */
export const EMAIL_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; form-action 'none'; base-uri 'none'; sandbox";

/**
 * Marks a response as such a preview: the HTTP server (server/app.ts) then puts EMAIL_PREVIEW_CSP
 * and X-Frame-Options: SAMEORIGIN in place of the site's secure headers, and drops the mark.
 */
export const FRAMED_PREVIEW_HEADER = "x-framed-preview";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const isoDate = (message: string) =>
  documented(z.string({ required_error: message, invalid_type_error: message }).refine(isIsoDate, message), { format: "date" });

export const ADMIN_EMAIL_SORT_KEYS = ["createdAt", "to", "subject", "status", "attempts"] as const;
export type AdminEmailSortKey = (typeof ADMIN_EMAIL_SORT_KEYS)[number];

export const ADMIN_EMAIL_FILTERS = {
  status: z.preprocess(emptyAsUndefined, z.enum(EMAIL_STATUSES, { errorMap: () => ({ message: "Elige un estado de la lista" }) }).optional()),
  template: z.preprocess(
    emptyAsUndefined,
    z.enum(EMAIL_TEMPLATES, { errorMap: () => ({ message: "Elige un tipo de correo de la lista" }) }).optional(),
  ),
  policy: z
    .preprocess(emptyAsUndefined, z.string().trim().max(40, "El número de póliza es demasiado largo").optional())
    .describe("Número de póliza exacto (COT-2026-000123): sus correos"),
  client: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ invalid_type_error: "El cliente debe ser un número" })
        .int("El cliente debe ser un número entero")
        .positive("El cliente debe ser positivo")
        .optional(),
    )
    .describe("Identificador del cliente (tomador): sus correos"),
  from: z.preprocess(emptyAsUndefined, isoDate("La fecha «desde» no es válida").optional()).describe("Creado desde este día (aaaa-mm-dd), incluido"),
  to: z.preprocess(emptyAsUndefined, isoDate("La fecha «hasta» no es válida").optional()).describe("Creado hasta este día (aaaa-mm-dd), incluido"),
};

function datesInOrder(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const v = value as { from?: string; to?: string };
  if (v.from && v.to && v.from > v.to) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "La fecha «hasta» no puede ser anterior a la fecha «desde»" });
  }
}

const emailQueries = listQuerySchemas(
  {
    sort: ADMIN_EMAIL_SORT_KEYS,
    defaultSort: "createdAt",
    defaultDir: "desc",
    filters: ADMIN_EMAIL_FILTERS,
    q: "Dirección de destino, palabras del asunto o número de póliza (o su comienzo)",
  },
  datesInOrder,
);
export const AdminEmailListQuerySchema = emailQueries.list;
export const AdminEmailExportQuerySchema = emailQueries.export;
export type AdminEmailListQuery = z.infer<typeof AdminEmailListQuerySchema>;
export type AdminEmailExportQuery = z.infer<typeof AdminEmailExportQuerySchema>;

export const AdminEmailRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  template: z.enum(EMAIL_TEMPLATES).nullable().describe("Qué correo del producto es; null en los encolados antes de existir las plantillas"),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int().describe("Intentos de envío hechos"),
  lastError: z.string().nullable().describe("El último error del servidor de correo, si lo hubo"),
  nextAttemptAt: z.string().describe("Cuándo se intentará (de nuevo) si sigue pendiente"),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  policy: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  resentFromId: z.number().int().nullable().describe("El mensaje del que este es una copia reenviada"),
});
export type AdminEmailRow = z.infer<typeof AdminEmailRowSchema>;
export const AdminEmailListSchema = paginated(AdminEmailRowSchema);
export type AdminEmailList = z.infer<typeof AdminEmailListSchema>;

export const AdminEmailAttachmentSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nullable().describe("Tamaño en bytes; null si se genera al enviar (encolado por referencia)"),
  pending: z.boolean().describe("true si el documento se genera al enviar el correo"),
});

export const AdminEmailSchema = z.object({
  email: AdminEmailRowSchema.extend({
    templateLabel: z.string().nullable(),
    text: z.string().describe("La parte de texto, tal como se envía"),
    hasHtml: z.boolean().describe("true si tiene parte HTML (GET /admin/emails/{id}/html)"),
    messageId: z.string().describe("El Message-ID con el que sale: el mismo en cada intento"),
    cancelledAt: z.string().nullable(),
    cancelledBy: z.string().nullable().describe("Quién lo canceló"),
    attachments: z.array(AdminEmailAttachmentSchema),
  }),
  resends: z
    .array(z.object({ id: z.number().int(), status: z.enum(EMAIL_STATUSES), createdAt: z.string() }))
    .describe("Copias reenviadas de este mensaje"),
  resendable: z.boolean().describe("false mientras está pendiente: ya va de camino"),
  cancellable: z.boolean().describe("true solo si está pendiente"),
});
export type AdminEmail = z.infer<typeof AdminEmailSchema>;
