// The back office's payments (/admin/payments, ADR 028): every recibo of the portfolio as a list
// (query and answer), one recibo with its history, and the bulk card retry. Shared with app/.
import { z } from "zod";
import { isIsoDate } from "./quotes";
import { COUNT_CAP, listQuerySchemas, paginated } from "./list-query";
import { documented } from "./openapi-meta";
import { parseEurosToCents } from "../domain/money";
import { ACTOR_TYPE_CODES, LINES, PAYMENT_METHODS, RECIBO_KINDS, RECIBO_STATUSES } from "./vocabulary";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const isoDate = (message: string) =>
  documented(z.string({ required_error: message, invalid_type_error: message }).refine(isIsoDate, message), { format: "date" });
const cents = (label: string) =>
  z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ invalid_type_error: `El importe ${label} debe ser un número` })
        .int(`El importe ${label} debe ser un número entero de céntimos`)
        .min(0, `El importe ${label} no puede ser negativo`)
        .max(100_000_000, `El importe ${label} es demasiado alto`)
        .optional(),
    )
    .describe(`Importe ${label}, en céntimos, incluido`);

// ─── The list ───────────────────────────────────────────────────────────────────────────────

export const ADMIN_PAYMENT_SORT_KEYS = ["dueDate", "amount", "status", "policyNumber"] as const;
export type AdminPaymentSortKey = (typeof ADMIN_PAYMENT_SORT_KEYS)[number];

export const ADMIN_PAYMENT_FILTERS = {
  q: z
    .preprocess(emptyAsUndefined, z.string().trim().max(40, "El número de póliza es demasiado largo").optional())
    .describe("Número de póliza, o su comienzo (COT-2026-…)"),
  status: z.preprocess(emptyAsUndefined, z.enum(RECIBO_STATUSES, { errorMap: () => ({ message: "Elige un estado de la lista" }) }).optional()),
  method: z.preprocess(emptyAsUndefined, z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "Elige un medio de pago de la lista" }) }).optional()),
  line: z.preprocess(emptyAsUndefined, z.enum(LINES, { errorMap: () => ({ message: "Elige un ramo de la lista" }) }).optional()),
  dueFrom: z
    .preprocess(emptyAsUndefined, isoDate("La fecha «vence desde» no es válida").optional())
    .describe("Vence desde este día (aaaa-mm-dd), incluido"),
  dueTo: z
    .preprocess(emptyAsUndefined, isoDate("La fecha «vence hasta» no es válida").optional())
    .describe("Vence hasta este día (aaaa-mm-dd), incluido"),
  amountMin: cents("mínimo"),
  amountMax: cents("máximo"),
  remittance: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ invalid_type_error: "La remesa debe ser un número" })
        .int("La remesa debe ser un número entero")
        .positive("La remesa debe ser un número positivo")
        .optional(),
    )
    .describe("Identificador de la remesa en la que está (o estuvo por última vez) el recibo"),
};

/** Cross-field rules of the filters: ranges that end before they start. */
function rangesInOrder(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const v = value as { dueFrom?: string; dueTo?: string; amountMin?: number; amountMax?: number };
  if (v.dueFrom && v.dueTo && v.dueFrom > v.dueTo) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dueTo"], message: "La fecha «hasta» no puede ser anterior a la fecha «desde»" });
  }
  if (v.amountMin !== undefined && v.amountMax !== undefined && v.amountMin > v.amountMax) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amountMax"], message: "El importe máximo no puede ser menor que el mínimo" });
  }
}

const paymentQueries = listQuerySchemas(
  { sort: ADMIN_PAYMENT_SORT_KEYS, defaultSort: "dueDate", defaultDir: "desc", filters: ADMIN_PAYMENT_FILTERS },
  rangesInOrder,
);
export const AdminPaymentListQuerySchema = paymentQueries.list;
export const AdminPaymentExportQuerySchema = paymentQueries.export;
export type AdminPaymentListQuery = z.infer<typeof AdminPaymentListQuerySchema>;
export type AdminPaymentExportQuery = z.infer<typeof AdminPaymentExportQuerySchema>;
/** Only the filters (what a selection of recibos is made of: the bulk retry, a remittance). */
export const AdminPaymentFiltersSchema = z.object(ADMIN_PAYMENT_FILTERS).superRefine(rangesInOrder);
export type AdminPaymentFilters = z.infer<typeof AdminPaymentFiltersSchema>;

// The web's query: the same, but the amounts as people type them, in euros ("12,50"), read into cents.
const euros = (label: string) =>
  z.preprocess(
    (value) => {
      if (value === "" || value === undefined || value === null) return undefined;
      return typeof value === "string" ? (parseEurosToCents(value) ?? Number.NaN) : value;
    },
    z
      .number({ invalid_type_error: `Indica el importe ${label} en euros (por ejemplo, 120,50)` })
      .int()
      .min(0, `Indica el importe ${label} en euros (por ejemplo, 120,50)`)
      .optional(),
  );
const PAGE_FILTERS = { ...ADMIN_PAYMENT_FILTERS, amountMin: euros("mínimo"), amountMax: euros("máximo") };
const pageQueries = listQuerySchemas(
  { sort: ADMIN_PAYMENT_SORT_KEYS, defaultSort: "dueDate", defaultDir: "desc", filters: PAGE_FILTERS },
  rangesInOrder,
);
export const AdminPaymentPageQuerySchema = pageQueries.list;
export const AdminPaymentPageExportQuerySchema = pageQueries.export;
export const AdminPaymentPageFiltersSchema = z.object(PAGE_FILTERS).superRefine(rangesInOrder);

export const AdminPaymentRowSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int().describe("Número del recibo en la póliza (1, 2…)"),
  number: z.string().describe("Póliza / recibo, p. ej. «COT-2026-000123 / 2»"),
  policy: z.object({ id: z.number().int(), number: z.string() }),
  holder: z.object({ id: z.number().int(), name: z.string() }),
  line: z.enum(LINES),
  kind: z.enum(RECIBO_KINDS),
  period: z.object({ from: z.string(), to: z.string() }).describe("Periodo que cubre (aaaa-mm-dd, ambos incluidos)"),
  dueDate: z.string(),
  amountCents: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  status: z.enum(RECIBO_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe("Motivo de la última devolución o rechazo, con el código R del banco si lo hay"),
  remittanceId: z.number().int().nullable(),
});
export type AdminPaymentRow = z.infer<typeof AdminPaymentRowSchema>;
export const AdminPaymentListSchema = paginated(AdminPaymentRowSchema);
export type AdminPaymentList = z.infer<typeof AdminPaymentListSchema>;

// ─── One recibo ─────────────────────────────────────────────────────────────────────────────

export const PAYMENT_HISTORY_KINDS = ["intento", "cobro", "devolucion", "extorno", "remesa", "evento"] as const;
export type PaymentHistoryKind = (typeof PAYMENT_HISTORY_KINDS)[number];

export const PaymentHistoryEntrySchema = z.object({
  key: z.string().describe("Único en el historial de este recibo"),
  kind: z.enum(PAYMENT_HISTORY_KINDS),
  at: z.string(),
  summary: z.string().describe("Una frase en español"),
  status: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  actor: z.object({ type: z.enum(ACTOR_TYPE_CODES).nullable(), label: z.string().nullable() }),
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntrySchema>;

export const AdminPaymentSchema = z.object({
  recibo: AdminPaymentRowSchema.extend({
    paidAt: z.string().nullable(),
    paidReference: z.string().nullable(),
    returnCode: z.string().nullable(),
    returnFeeCents: z.number().int(),
    lastAttemptAt: z.string().nullable(),
    term: z.number().int(),
  }),
  policy: z.object({ id: z.number().int(), number: z.string(), status: z.string(), startDate: z.string(), endDate: z.string() }),
  holder: z.object({ id: z.number().int(), name: z.string(), nif: z.string().nullable(), email: z.string().nullable() }),
  history: z.array(PaymentHistoryEntrySchema).describe("Intentos, cobros, devoluciones, extornos, remesas y eventos, lo más reciente primero"),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

// ─── The bulk card retry ────────────────────────────────────────────────────────────────────

export const CardRetryPreviewSchema = z.object({
  count: z.number().int(),
  totalCents: z.number().int(),
  asOf: z.string().describe("Momento de la selección: la ejecución deja fuera los recibos intentados después (un segundo envío no cobra dos veces)"),
  capped: z.boolean().describe(`true si la selección supera ${COUNT_CAP} recibos: hay que acotarla con los filtros`),
});
export type CardRetryPreview = z.infer<typeof CardRetryPreviewSchema>;

export const CardRetryBodySchema = z.object({
  filters: AdminPaymentFiltersSchema,
  asOf: z.string().datetime({ message: "La selección no es válida", offset: true }),
  expectedCount: z.number().int().min(1),
  expectedTotalCents: z.number().int().min(0),
});
export type CardRetryBody = z.infer<typeof CardRetryBodySchema>;

export const CardRetryResultSchema = z.object({
  count: z.number().int(),
  totalCents: z.number().int(),
  charged: z.number().int(),
  chargedCents: z.number().int(),
  declined: z.number().int(),
  skipped: z.number().int().describe("Recibos que otra persona o proceso cambió mientras tanto: no se cobran"),
});
export type CardRetryResult = z.infer<typeof CardRetryResultSchema>;
