// The bank's return files (ADR 030): the upload, the answer of an import, the list of imports (its
// query and page, on the list kit) and one import's lines. Shared with app/.
import { z } from "zod";
import { isIsoDate } from "../domain/calendar";
import { listQuerySchemas, paginated } from "./list-query";
import { documented } from "./openapi-meta";

/** The largest return file taken: a 1,000-line CSV is ~40 KB, a pain.002 of 1,000 returns ~600 KB. */
export const RETURN_FILE_MAX_BYTES = 1024 * 1024;
export const RETURN_FILE_TOO_LARGE = "El fichero supera 1 MB; pida al banco un fichero por remesa o divídalo.";

export const ReturnImportBodySchema = z.object({
  fileName: z
    .string({ required_error: "Falta el nombre del fichero" })
    .trim()
    .min(1, "Falta el nombre del fichero")
    .max(200, "El nombre del fichero tiene más de 200 caracteres")
    .describe("Nombre del fichero, tal como lo envió el banco"),
  contentBase64: z
    .string({ required_error: "Adjunte el fichero de devoluciones" })
    .min(1, "El fichero está vacío")
    .max(Math.ceil(RETURN_FILE_MAX_BYTES / 3) * 4, RETURN_FILE_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "El contenido del fichero no está en base64")
    .describe("Los bytes del fichero en base64 (pain.002.001.03 o CSV en UTF-8 o Latin-1), 1 MB como máximo"),
});
export type ReturnImportBody = z.infer<typeof ReturnImportBodySchema>;

export const RETURN_OUTCOMES = { devuelto: "Devuelto", ya_devuelto: "Ya devuelto antes" } as const;

export const ReturnLineSchema = z.object({
  line: z.number().int().describe("Línea del fichero"),
  endToEndId: z.string().describe("Referencia del adeudo (EndToEndId de la remesa)"),
  code: z.string().describe("Código de devolución (AM04, MD06…)"),
  reason: z.string().describe("Su significado"),
  outcome: z.enum(["devuelto", "ya_devuelto"]).describe("devuelto: aplicado por este fichero; ya_devuelto: lo aplicó otro fichero antes"),
  reciboId: z.number().int(),
  sequence: z.number().int().describe("Número del recibo en la póliza"),
  amountCents: z.number().int(),
  feeCents: z.number().int().describe("Gastos de devolución repercutidos"),
  policyId: z.number().int(),
  policyNumber: z.string(),
});
export type ReturnLine = z.infer<typeof ReturnLineSchema>;

export const ReturnImportSummarySchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(["pain.002", "csv"]),
  lineCount: z.number().int(),
  applied: z.number().int(),
  alreadyReturned: z.number().int(),
  createdAt: z.string().describe("Fecha y hora de la importación (ISO 8601)"),
  createdByLabel: z.string().nullable(),
});
export type ReturnImportSummary = z.infer<typeof ReturnImportSummarySchema>;

export const ReturnImportSchema = ReturnImportSummarySchema.extend({ lines: z.array(ReturnLineSchema) });
export type ReturnImport = z.infer<typeof ReturnImportSchema>;

export const ReturnImportResultSchema = z.object({
  /** true: this file had been imported before; nothing changed this time. */
  repeated: z.boolean(),
  message: z.string(),
  import: ReturnImportSchema,
});
export type ReturnImportResult = z.infer<typeof ReturnImportResultSchema>;

export const ReturnLineErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ReturnLineError = z.infer<typeof ReturnLineErrorSchema>;

/** 422: the file is refused as a whole; nothing of it was applied. */
export const ReturnImportRefusalSchema = z.object({ error: z.string(), lineErrors: z.array(ReturnLineErrorSchema) });
export type ReturnImportRefusal = z.infer<typeof ReturnImportRefusalSchema>;

// ─── The list of imports (the list kit, ADR 010) ────────────────────────────────────────────

export const RETURN_IMPORT_FORMATS = ["pain.002", "csv"] as const;
export const RETURN_IMPORT_FORMAT_LABELS: Record<(typeof RETURN_IMPORT_FORMATS)[number], string> = { "pain.002": "pain.002 (XML)", csv: "CSV" };
export const RETURN_IMPORT_SORT_KEYS = ["createdAt"] as const;
export type ReturnImportSortKey = (typeof RETURN_IMPORT_SORT_KEYS)[number];

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const importDay = (what: string) =>
  documented(z.string().refine(isIsoDate, `La fecha ${what} no es válida: escribe día, mes y año (dd/mm/aaaa)`).optional(), { format: "date" });

export const RETURN_IMPORT_FILTERS = {
  from: z.preprocess(emptyAsUndefined, importDay("«desde»")).describe("Importados desde este día (aaaa-mm-dd, hora de Madrid), incluido"),
  to: z.preprocess(emptyAsUndefined, importDay("«hasta»")).describe("Importados hasta este día (aaaa-mm-dd, hora de Madrid), incluido"),
  format: z
    .preprocess(emptyAsUndefined, z.enum(RETURN_IMPORT_FORMATS, { errorMap: () => ({ message: "Elige un formato de la lista" }) }).optional())
    .describe("Formato del fichero: pain.002 o csv"),
  importedBy: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .max(200, "El filtro de quién lo importó es demasiado largo")
        .min(3, "Escribe al menos 3 letras de quién lo importó")
        .optional(),
    )
    .describe("Parte del correo de quien lo importó, 3 letras o más (sin distinguir mayúsculas)"),
  // A file with a line that matches none of our debits is refused whole (nothing stored): the
  // lines an import did not apply are those whose debit an earlier file had already returned.
  notApplied: z
    .preprocess(emptyAsUndefined, z.enum(["si", "no"], { errorMap: () => ({ message: "Elige «sí» o «no»" }) }).optional())
    .describe("si: solo las importaciones con líneas no aplicadas (su adeudo ya estaba devuelto); no: solo las aplicadas enteras"),
};

function importRangeInOrder(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const v = value as { from?: string; to?: string };
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "La fecha «hasta» no puede ser anterior a la fecha «desde»" });
}

const importQueries = listQuerySchemas(
  { sort: RETURN_IMPORT_SORT_KEYS, defaultSort: "createdAt", defaultDir: "desc", filters: RETURN_IMPORT_FILTERS },
  importRangeInOrder,
);
/** The newest imports first; dates are whole days in Europe/Madrid, both inclusive. */
export const ReturnImportListQuerySchema = importQueries.list;
export type ReturnImportListQuery = z.infer<typeof ReturnImportListQuerySchema>;
export const ReturnImportListSchema = paginated(ReturnImportSummarySchema);
export type ReturnImportList = z.infer<typeof ReturnImportListSchema>;

/** The page's upload form (multipart): one file. The web reads it and sends ReturnImportBody. */
export const ReturnUploadFormSchema = z.object({
  file: z
    .instanceof(File, { message: "Elija el fichero de devoluciones que le ha enviado el banco" })
    .refine((file) => file.size > 0, "El fichero está vacío")
    .refine((file) => file.size <= RETURN_FILE_MAX_BYTES, RETURN_FILE_TOO_LARGE),
});
