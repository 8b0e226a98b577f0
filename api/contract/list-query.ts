// The list kit's contract: the one query schema every list takes (page, page size, sort key and
// direction, free text, typed filters) and the one answer every list gives. Validated by the API
// (unknown sort key → 400) and by the web before it calls (unknown sort key → a clean redirect).
// Kept apart from the admin contracts so public pages that page a list do not ship them.
import { z } from "zod";
import { formatCount } from "./format";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * How deep a list can be paged (rows skipped). Past it a person narrows the list with filters:
 * bounded OFFSET keeps every page an index walk of at most this many rows (ADR 010).
 */
export const MAX_LIST_OFFSET = 10_000;
/** Counting stops here; a longer list says "más de 10.000" instead of counting every row. */
export const COUNT_CAP = 10_000;
export const MAX_QUERY_LENGTH = 100;

export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const MAX_PAGE = MAX_LIST_OFFSET;

const pageField = z.coerce
  .number({ invalid_type_error: "La página debe ser un número" })
  .int("La página debe ser un número entero")
  .min(1, "La página debe ser 1 o mayor")
  .max(MAX_PAGE, `La página no puede ser mayor que ${MAX_PAGE}`)
  .default(1)
  .describe("Página, desde 1");

const pageSizeField = z.coerce
  .number({ invalid_type_error: "El tamaño de página debe ser un número" })
  .int("El tamaño de página debe ser un número entero")
  .min(1, "El tamaño de página debe ser 1 o mayor")
  .max(MAX_PAGE_SIZE, `El tamaño de página no puede ser mayor que ${MAX_PAGE_SIZE}`)
  .default(DEFAULT_PAGE_SIZE)
  .describe("Elementos por página");

const qField = z
  .string()
  .trim()
  .max(MAX_QUERY_LENGTH, "La búsqueda es demasiado larga")
  .optional()
  .transform((value) => value || undefined);

/** `?page=&pageSize=` alone: lists with one fixed order (a visitor's quotes and policies). */
export const PaginationQuerySchema = z.object({ page: pageField, pageSize: pageSizeField });
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

/** The rows a page skips; within MAX_LIST_OFFSET by the schema's own check. */
export function pageOffset(query: PaginationQuery): number {
  return (query.page - 1) * query.pageSize;
}

export const PAGE_TOO_DEEP_MESSAGE = `Solo se pueden recorrer los primeros ${formatCount(MAX_LIST_OFFSET)} resultados: usa los filtros para acotar la lista`;

function withinReach(query: PaginationQuery, ctx: z.RefinementCtx) {
  if (pageOffset(query) >= MAX_LIST_OFFSET) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["page"], message: PAGE_TOO_DEEP_MESSAGE });
  }
}

export type ListQuerySpec<Sort extends string, Filters extends z.ZodRawShape> = {
  /** The sort whitelist: the keys a list can be ordered by (each needs an index behind it). */
  sort: readonly [Sort, ...Sort[]];
  defaultSort: Sort;
  defaultDir: SortDirection;
  /** Typed filters of this resource (each optional). */
  filters?: Filters;
  /** What the free text `q` searches, for the OpenAPI document (a list that does not search ignores it). */
  q?: string;
};

/**
 * The query of one list: page, pageSize, sort, dir, optional q and the resource's filters. An
 * unknown sort key, a page past MAX_LIST_OFFSET rows, or a bad filter value fails validation.
 */
export function listQuerySchema<Sort extends string, Filters extends z.ZodRawShape = Record<never, z.ZodTypeAny>>(
  spec: ListQuerySpec<Sort, Filters>,
) {
  const sortField = z
    .enum(spec.sort as unknown as [Sort, ...Sort[]], {
      errorMap: () => ({ message: `Orden desconocido; se puede ordenar por: ${spec.sort.join(", ")}` }),
    })
    .default(spec.defaultSort as never)
    .describe(`Columna por la que se ordena: ${spec.sort.join(", ")}`);
  const dirField = z
    .enum(SORT_DIRECTIONS, { errorMap: () => ({ message: "La dirección debe ser asc o desc" }) })
    .default(spec.defaultDir)
    .describe("asc (ascendente) o desc (descendente)");
  const base = z.object({
    page: pageField,
    pageSize: pageSizeField,
    sort: sortField as z.ZodDefault<z.ZodEnum<[Sort, ...Sort[]]>>,
    dir: dirField,
    q: qField.describe(spec.q ?? "Esta lista no busca texto libre: se ignora"),
  });
  return base.extend((spec.filters ?? {}) as Filters);
}

/** Adds the depth check (and any cross-field rule of the resource) to a list query schema. */
export function boundedListQuery<T extends z.AnyZodObject>(
  schema: T,
  refine?: (value: z.output<T>, ctx: z.RefinementCtx) => void,
): z.ZodEffects<T, z.output<T>, z.input<T>> {
  return schema.superRefine((value, ctx) => {
    withinReach(value as PaginationQuery, ctx);
    refine?.(value, ctx);
  }) as z.ZodEffects<T, z.output<T>, z.input<T>>;
}

/**
 * A list's two queries from one spec: `list` (a page of it) and `export` (the CSV: every row
 * that matches, same filters and order, no page).
 */
export function listQuerySchemas<Sort extends string, Filters extends z.ZodRawShape>(
  spec: ListQuerySpec<Sort, Filters>,
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void,
) {
  const base = listQuerySchema(spec);
  const exportQuery = (base as z.AnyZodObject).omit({ page: true, pageSize: true }) as unknown as z.ZodObject<
    Omit<(typeof base)["shape"], "page" | "pageSize">
  >;
  return {
    list: boundedListQuery(base, refine),
    export: exportQuery.superRefine((value, ctx) => refine?.(value, ctx)),
  };
}

/** `?page=&pageSize=` with the depth check, for lists with one fixed order. */
export const BoundedPaginationQuerySchema = boundedListQuery(PaginationQuerySchema);

/** The answer of every list: `{ items, total, totalCapped, page, pageSize }` (+ sort and dir). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().describe(`Elementos que cumplen los filtros, contados hasta ${COUNT_CAP}`),
    totalCapped: z.boolean().default(false).describe(`true cuando hay más de ${COUNT_CAP} elementos (total vale entonces ${COUNT_CAP})`),
    page: z.number().int(),
    pageSize: z.number().int(),
    sort: z.string().optional().describe("Columna por la que se ha ordenado"),
    dir: z.enum(SORT_DIRECTIONS).optional(),
  });
}
export type ListPage<T> = {
  items: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  sort?: string;
  dir?: SortDirection;
};

/** The last page a list of `total` rows reaches (at least 1), within MAX_LIST_OFFSET. */
export function lastPageOf(total: number, pageSize: number): number {
  const reachable = Math.min(total, MAX_LIST_OFFSET);
  return Math.max(1, Math.ceil(reachable / Math.max(1, pageSize)));
}
