// The bank's return files (ADR 030): the upload, the answer of an import, the list of imports and
// one import's lines. Shared with app/.
import { z } from "zod";

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

export const ReturnImportListSchema = z.object({ items: z.array(ReturnImportSummarySchema) });

/** The page's upload form (multipart): one file. The web reads it and sends ReturnImportBody. */
export const ReturnUploadFormSchema = z.object({
  file: z
    .instanceof(File, { message: "Elija el fichero de devoluciones que le ha enviado el banco" })
    .refine((file) => file.size > 0, "El fichero está vacío")
    .refine((file) => file.size <= RETURN_FILE_MAX_BYTES, RETURN_FILE_TOO_LARGE),
});
