// SEPA remittances (ADR 029): the selection of recibos (the
// /admin/payments list's filters, read by its reciboFilterWhere: status, dueFrom, dueTo, method,
// line, q, amountMin, amountMax), its preview, the generation with its request key, the list and the
// detail. The creditor is a business setting (api/contract/settings.ts, ADR 038).
import { z } from "zod";
import { isIsoDate } from "../domain/calendar";
import { parseEurosToCents } from "../domain/money";
import { listQuerySchemas, paginated } from "./list-query";
import { typedDateToIso } from "./typed-date";
import { LINES } from "./vocabulary";

export const REMITTANCE_MESSAGES = {
  collectionDate: "Indique la fecha de cobro (dd/mm/aaaa)",
  collectionDateTooSoon: (earliest: string) =>
    `La fecha de cobro debe ser un día hábil posterior a hoy: como pronto el ${earliest} (el banco necesita un día hábil)`,
  collectionDateNotBusiness: "La fecha de cobro debe ser un día hábil (ni fin de semana ni festivo TARGET2)",
  empty: "No hay recibos SEPA que remesar con esa selección: cambie los filtros o la fecha de cobro",
  changed: "La selección ha cambiado desde la vista previa (otro usuario ha remesado alguno de sus recibos): revísela de nuevo",
  creditorInvalid: "Los datos del acreedor SEPA no son válidos: corríjalos en Configuración › Acreedor SEPA antes de generar la remesa",
  notFound: "No existe esa remesa",
  requestKey: "Falta la clave de la solicitud: vuelva a la vista previa",
  amountRange: "El importe mínimo no puede ser mayor que el máximo",
  dueRange: "La fecha «desde» no puede ser posterior a la fecha «hasta»",
} as const;

const isoDate = (message: string) => z.string({ required_error: message, invalid_type_error: message }).refine(isIsoDate, message);
const cents = z.coerce.number().int("El importe debe ser un número entero de céntimos").min(0, "El importe no puede ser negativo");

/** Which SEPA recibos a remittance takes: due on or before the collection date, narrowed by the list's filters. */
export const RemittanceSelectionSchema = z
  .object({
    collectionDate: isoDate(REMITTANCE_MESSAGES.collectionDate).describe("Fecha de cobro (ReqdColltnDt), aaaa-mm-dd"),
    status: z
      .array(z.enum(["pendiente", "devuelto"]))
      .optional()
      .describe("Estados de los recibos: pendiente y/o devuelto (para volver a presentarlos); ambos si no se indica"),
    dueFrom: isoDate("Fecha «desde» no válida").optional().describe("Vencimiento desde (aaaa-mm-dd)"),
    dueTo: isoDate("Fecha «hasta» no válida").optional().describe("Vencimiento hasta (aaaa-mm-dd); nunca después de la fecha de cobro"),
    method: z.literal("sepa").optional().describe("Siempre sepa: solo los recibos domiciliados se remesan"),
    line: z.enum(LINES).optional().describe("Ramo"),
    q: z.string().trim().max(40, "El número de póliza es demasiado largo").optional().describe("Número de póliza, o su comienzo (COT-2026-…)"),
    amountMin: cents.optional().describe("Importe mínimo, en céntimos"),
    amountMax: cents.optional().describe("Importe máximo, en céntimos"),
  })
  .superRefine((v, ctx) => {
    if (v.amountMin !== undefined && v.amountMax !== undefined && v.amountMin > v.amountMax)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amountMax"], message: REMITTANCE_MESSAGES.amountRange });
    if (v.dueFrom && v.dueTo && v.dueFrom > v.dueTo)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dueTo"], message: REMITTANCE_MESSAGES.dueRange });
  });
export type RemittanceSelection = z.infer<typeof RemittanceSelectionSchema>;

export const RemittancePreviewSchema = z.object({
  collectionDate: z.string(),
  count: z.number().int(),
  totalCents: z.number().int(),
  /** The earliest collection date allowed today. */
  earliestCollectionDate: z.string(),
  /** A fresh key for the confirmation (the form's hidden field). */
  requestKey: z.string(),
});
export type RemittancePreview = z.infer<typeof RemittancePreviewSchema>;

export const NewRemittanceSchema = z.object({
  selection: RemittanceSelectionSchema,
  requestKey: z
    .string({ required_error: REMITTANCE_MESSAGES.requestKey })
    .trim()
    .min(8, REMITTANCE_MESSAGES.requestKey)
    .max(100, REMITTANCE_MESSAGES.requestKey)
    .describe("Clave de la solicitud (de la vista previa): la misma clave dos veces da la misma remesa"),
  expectedCount: z.number().int().min(0).optional().describe("Recibos que mostró la vista previa: si no coinciden, 409"),
  expectedTotalCents: z.number().int().min(0).optional().describe("Total que mostró la vista previa, en céntimos: si no coincide, 409"),
});
export type NewRemittance = z.infer<typeof NewRemittanceSchema>;

export const RemittanceRowSchema = z.object({
  id: z.number().int(),
  messageId: z.string(),
  collectionDate: z.string(),
  status: z.enum(["abierta", "cerrada"]),
  count: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  createdByLabel: z.string().nullable(),
});
export type RemittanceRow = z.infer<typeof RemittanceRowSchema>;

export const RemittanceItemSchema = z.object({
  reciboId: z.number().int(),
  policyId: z.number().int(),
  policyNumber: z.string(),
  sequence: z.number().int(),
  debtorName: z.string(),
  /** Masked, as staff pages show IBANs. */
  iban: z.string(),
  mandateReference: z.string(),
  sequenceType: z.enum(["FRST", "RCUR"]),
  endToEndId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(["remesado", "cobrado", "devuelto"]),
});
export type RemittanceItem = z.infer<typeof RemittanceItemSchema>;

export const RemittanceDetailSchema = RemittanceRowSchema.extend({ fileSha256: z.string(), items: z.array(RemittanceItemSchema) });
export type RemittanceDetail = z.infer<typeof RemittanceDetailSchema>;

// The list (the list kit, ADR 010): newest first, or by collection date; by status and collection dates.
export const REMITTANCE_STATUSES = ["abierta", "cerrada"] as const;
export const REMITTANCE_STATUS_LABELS: Record<(typeof REMITTANCE_STATUSES)[number], string> = { abierta: "Abierta", cerrada: "Cerrada" };
export const REMITTANCE_SORT_KEYS = ["createdAt", "collectionDate"] as const;
export type RemittanceSortKey = (typeof REMITTANCE_SORT_KEYS)[number];

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
export const REMITTANCE_FILTERS = {
  status: z
    .preprocess(emptyAsUndefined, z.enum(REMITTANCE_STATUSES, { errorMap: () => ({ message: "Elige un estado de la lista" }) }).optional())
    .describe("abierta (el banco aún puede devolver adeudos) o cerrada"),
  collectionFrom: z
    .preprocess(emptyAsUndefined, isoDate("La fecha de cobro «desde» no es válida (dd/mm/aaaa)").optional())
    .describe("Fecha de cobro desde este día (aaaa-mm-dd), incluido"),
  collectionTo: z
    .preprocess(emptyAsUndefined, isoDate("La fecha de cobro «hasta» no es válida (dd/mm/aaaa)").optional())
    .describe("Fecha de cobro hasta este día (aaaa-mm-dd), incluido"),
};
const remittanceQueries = listQuerySchemas(
  { sort: REMITTANCE_SORT_KEYS, defaultSort: "createdAt", defaultDir: "desc", filters: REMITTANCE_FILTERS },
  (value, ctx) => {
    const v = value as { collectionFrom?: string; collectionTo?: string };
    if (v.collectionFrom && v.collectionTo && v.collectionFrom > v.collectionTo)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["collectionTo"], message: REMITTANCE_MESSAGES.dueRange });
  },
);
export const RemittanceListQuerySchema = remittanceQueries.list;
export type RemittanceListQuery = z.infer<typeof RemittanceListQuerySchema>;
export const RemittanceListSchema = paginated(RemittanceRowSchema);

// ─── The web's forms (dates typed dd/mm/aaaa, amounts in euros the Spanish way) ─────────

const typedDate = (message: string) => z.preprocess(typedDateToIso, isoDate(message));
const eurosText = z.string().trim().max(20).optional();

/** /admin/payments/remittances/new: the selection as typed, turned into the API's selection. */
export const RemittanceSelectionFormSchema = z
  .object({
    collectionDate: typedDate(REMITTANCE_MESSAGES.collectionDate),
    dueFrom: typedDate("Fecha «desde» no válida (dd/mm/aaaa)").optional(),
    dueTo: typedDate("Fecha «hasta» no válida (dd/mm/aaaa)").optional(),
    line: z.enum(LINES).optional(),
    q: z.string().trim().max(40, "El número de póliza es demasiado largo").optional(),
    status: z.enum(["todos", "pendiente", "devuelto"]).default("todos"),
    amountMin: eurosText,
    amountMax: eurosText,
  })
  .transform((v, ctx): RemittanceSelection => {
    const cents = (text: string | undefined, path: string) => {
      if (!text) return undefined;
      const value = parseEurosToCents(text);
      if (value === null || value < 0)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: "Escribe un importe en euros, por ejemplo 120,50" });
      return value ?? undefined;
    };
    const amountMin = cents(v.amountMin, "amountMin");
    const amountMax = cents(v.amountMax, "amountMax");
    if (amountMin !== undefined && amountMax !== undefined && amountMin > amountMax)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amountMax"], message: REMITTANCE_MESSAGES.amountRange });
    if (v.dueFrom && v.dueTo && v.dueFrom > v.dueTo)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dueTo"], message: REMITTANCE_MESSAGES.dueRange });
    return {
      collectionDate: v.collectionDate,
      ...(v.status === "todos" ? {} : { status: [v.status] }),
      ...(v.dueFrom ? { dueFrom: v.dueFrom } : {}),
      ...(v.dueTo ? { dueTo: v.dueTo } : {}),
      ...(v.line ? { line: v.line } : {}),
      ...(v.q ? { q: v.q } : {}),
      ...(amountMin !== undefined ? { amountMin } : {}),
      ...(amountMax !== undefined ? { amountMax } : {}),
    };
  });

/** The confirmation: the previewed selection (as JSON in a hidden field), its request key and what the preview showed. */
export const RemittanceConfirmFormSchema = z.object({
  selection: z.string().transform((text, ctx): RemittanceSelection => {
    try {
      return RemittanceSelectionSchema.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: REMITTANCE_MESSAGES.requestKey });
      return z.NEVER;
    }
  }),
  requestKey: z.string({ required_error: REMITTANCE_MESSAGES.requestKey }).min(8, REMITTANCE_MESSAGES.requestKey),
  expectedCount: z.coerce.number().int().min(0),
  expectedTotalCents: z.coerce.number().int().min(0),
});
