// The back office's quotes (/admin/quotes, ADR 035): every quote of the portfolio, with the one
// filter the dashboard's "esperan una llamada" opens. Shared with app/.
import { z } from "zod";
import { listQuerySchemas, paginated } from "./list-query";
import { LINES, QUOTE_STATUSES } from "./vocabulary";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

export const ADMIN_QUOTE_SORT_KEYS = ["createdAt"] as const;
export type AdminQuoteSortKey = (typeof ADMIN_QUOTE_SORT_KEYS)[number];

export const ADMIN_QUOTE_FILTERS = {
  line: z.preprocess(emptyAsUndefined, z.enum(LINES, { errorMap: () => ({ message: "Elige un ramo de la lista" }) }).optional()),
  status: z
    .preprocess(emptyAsUndefined, z.enum(QUOTE_STATUSES, { errorMap: () => ({ message: "Elige un estado de la lista" }) }).optional())
    .describe("El estado de hoy: una cotizada cuya validez ha pasado es caducada"),
  waiting: z
    .preprocess(emptyAsUndefined, z.enum(["true"], { errorMap: () => ({ message: "Elige una opción de la lista" }) }).optional())
    .describe("true: solo las que esperan una llamada (de un visitante con cuenta, válidas, sin contratar un día después)"),
};

const adminQuoteQueries = listQuerySchemas({
  sort: ADMIN_QUOTE_SORT_KEYS,
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: ADMIN_QUOTE_FILTERS,
});
export const AdminQuoteListQuerySchema = adminQuoteQueries.list;
export const AdminQuoteExportQuerySchema = adminQuoteQueries.export;
export type AdminQuoteListQuery = z.infer<typeof AdminQuoteListQuerySchema>;
export type AdminQuoteExportQuery = z.infer<typeof AdminQuoteExportQuerySchema>;

export const AdminQuoteRowSchema = z.object({
  id: z.string().uuid(),
  line: z.enum(LINES),
  status: z.enum(QUOTE_STATUSES).describe("El estado de hoy"),
  bestPriceCents: z.number().int().nullable().describe("La prima total anual más baja de sus planes"),
  visitor: z.object({ name: z.string(), email: z.string() }).nullable().describe("Quien la hizo con su cuenta (null: sin cuenta o por teléfono)"),
  byPhone: z.boolean().describe("Hecha por el equipo en una venta por teléfono"),
  createdAt: z.string(),
  validUntil: z.string(),
});
export type AdminQuoteRow = z.infer<typeof AdminQuoteRowSchema>;
export const AdminQuoteListSchema = paginated(AdminQuoteRowSchema);
export type AdminQuoteList = z.infer<typeof AdminQuoteListSchema>;
