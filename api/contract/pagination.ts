// Paging, shared by every list of the API (admin lists, a visitor's quotes and policies). Kept
// apart from admin.ts so the public pages that page a list do not ship the admin contract.
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** `?page=&pageSize=` — 1-based page; query strings are coerced to numbers. */
export const PaginationQuerySchema = z.object({
  page: z.coerce
    .number({ invalid_type_error: "La página debe ser un número" })
    .int("La página debe ser un número entero")
    .min(1, "La página debe ser 1 o mayor")
    .default(1),
  pageSize: z.coerce
    .number({ invalid_type_error: "El tamaño de página debe ser un número" })
    .int("El tamaño de página debe ser un número entero")
    .min(1, "El tamaño de página debe ser 1 o mayor")
    .max(MAX_PAGE_SIZE, `El tamaño de página no puede ser mayor que ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/** The answer of every paginated list. */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().describe("Número total de elementos que cumplen los filtros"),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
