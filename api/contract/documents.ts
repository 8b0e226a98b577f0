// The back office's documents (/admin/documents, ADR 036): every stored document of the portfolio as
// a list (query and answer, on the list kit of ADR 010), one document with every version of its
// series, and the answers of regenerating and deleting. Shared with app/.
import { z } from "zod";
import { isIsoDate } from "./quotes";
import { listQuerySchemas, paginated } from "./list-query";
import { documented } from "./openapi-meta";
import { DOCUMENT_KINDS } from "./vocabulary";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const isoDate = (message: string) =>
  documented(z.string({ required_error: message, invalid_type_error: message }).refine(isIsoDate, message), { format: "date" });

/** Who issued or uploaded a document: staff, the customer, the system (a sale, an e-mail, the daily run). */
export const DOCUMENT_AUTHORS = ["staff", "customer", "system"] as const;
export type DocumentAuthor = (typeof DOCUMENT_AUTHORS)[number];
export const DOCUMENT_AUTHOR_LABELS: Record<DocumentAuthor, string> = { staff: "Equipo", customer: "Cliente", system: "Sistema" };
/** The audit actor type of each author (documents.created_by_type). */
export const DOCUMENT_AUTHOR_TYPES: Record<DocumentAuthor, "admin" | "user" | "system"> = { staff: "admin", customer: "user", system: "system" };

export const ADMIN_DOCUMENT_SORT_KEYS = ["createdAt", "title", "kind", "size"] as const;
export type AdminDocumentSortKey = (typeof ADMIN_DOCUMENT_SORT_KEYS)[number];

const positiveId = (label: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ invalid_type_error: `${label} debe ser un número` })
      .int(`${label} debe ser un número entero`)
      .positive(`${label} debe ser positivo`)
      .optional(),
  );

export const ADMIN_DOCUMENT_FILTERS = {
  kind: z.preprocess(emptyAsUndefined, z.enum(DOCUMENT_KINDS, { errorMap: () => ({ message: "Elige un tipo de la lista" }) }).optional()),
  policy: z
    .preprocess(emptyAsUndefined, z.string().trim().max(40, "El número de póliza es demasiado largo").optional())
    .describe("Número de póliza exacto (COT-2026-000123): sus documentos"),
  client: positiveId("El cliente").describe("Identificador del cliente (tomador): sus documentos y los de sus pólizas"),
  from: z.preprocess(emptyAsUndefined, isoDate("La fecha «desde» no es válida").optional()).describe("Emitido desde este día (aaaa-mm-dd), incluido"),
  to: z.preprocess(emptyAsUndefined, isoDate("La fecha «hasta» no es válida").optional()).describe("Emitido hasta este día (aaaa-mm-dd), incluido"),
  by: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(staff|customer|system|\d{1,9})$/, "Elige quién lo emitió de la lista")
        .optional(),
    )
    .describe("Quién lo emitió o subió: staff, customer, system, o el identificador de un usuario del back office"),
};

function datesInOrder(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const v = value as { from?: string; to?: string };
  if (v.from && v.to && v.from > v.to) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "La fecha «hasta» no puede ser anterior a la fecha «desde»" });
  }
}

const documentQueries = listQuerySchemas(
  {
    sort: ADMIN_DOCUMENT_SORT_KEYS,
    defaultSort: "createdAt",
    defaultDir: "desc",
    filters: ADMIN_DOCUMENT_FILTERS,
    q: "Número de póliza (o su comienzo) o NIF del cliente",
  },
  datesInOrder,
);
export const AdminDocumentListQuerySchema = documentQueries.list;
export const AdminDocumentExportQuerySchema = documentQueries.export;
export type AdminDocumentListQuery = z.infer<typeof AdminDocumentListQuerySchema>;
export type AdminDocumentExportQuery = z.infer<typeof AdminDocumentExportQuerySchema>;

export const AdminDocumentRowSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  title: z.string(),
  filename: z.string(),
  contentType: z.string(),
  version: z.number().int().describe("Versión dentro de su serie (1, 2…): regenerar crea la siguiente"),
  sizeBytes: z.number().int(),
  policy: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  client: z.object({ id: z.number().int(), name: z.string(), nif: z.string().nullable() }).nullable(),
  quoteId: z.string().nullable(),
  remittanceId: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ type: z.enum(["admin", "user", "system"]), id: z.string().nullable(), label: z.string().nullable() }),
});
export type AdminDocumentRow = z.infer<typeof AdminDocumentRowSchema>;
export const AdminDocumentListSchema = paginated(AdminDocumentRowSchema);
export type AdminDocumentList = z.infer<typeof AdminDocumentListSchema>;

export const AdminDocumentVersionSchema = z.object({
  id: z.string().uuid(),
  version: z.number().int(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: AdminDocumentRowSchema.shape.createdBy,
  deletedAt: z.string().nullable(),
});

export const AdminDocumentSchema = z.object({
  document: AdminDocumentRowSchema.extend({
    sha256: z.string().describe("SHA-256 de los bytes guardados: cada descarga se comprueba contra él"),
    seriesKey: z.string(),
    deletedAt: z.string().nullable(),
  }),
  versions: z.array(AdminDocumentVersionSchema).describe("Cada versión de la serie, la más reciente primero"),
  regenerable: z.boolean().describe("true si se puede generar de nuevo como la versión siguiente (documentos generados)"),
  deletable: z.boolean().describe("true para un documento subido que no está eliminado"),
});
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;
