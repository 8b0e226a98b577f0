// The list kit's data half: one way to page, count, sort and export any list (ADR 010).
//
// - Sorting only by whitelisted keys (the contract's enum), each mapped here to its columns and
//   ending in a unique tiebreaker, all in one direction, so that one composite index read forwards
//   or backwards serves both directions.
// - Bounded OFFSET: the contract refuses pages past MAX_LIST_OFFSET rows, so a page is at most an
//   index walk of that many rows.
// - A capped count: `count(*)` over at most COUNT_CAP + 1 matching rows, never the whole table.
// - Exports read in keyset batches (WHERE (sort columns) < (last row's)), so memory stays bounded
//   and the last batch costs what the first did.
import { asc, count, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { COUNT_CAP, pageOffset, type ListPage, type SortDirection } from "../contract/list-query";
import type { DbOrTx } from "./client";

/** One column (or expression) of a sort, with the SQL type its keyset value is read back as. */
export type SortColumn = {
  expr: AnyColumn | SQL;
  type: "timestamptz" | "text" | "bigint" | "integer" | "line_code" | "recibo_status" | "client_stage" | "uuid";
};
/** Sort key → its columns, the last of them unique (the row's id). */
export type SortMap<K extends string> = Record<K, readonly SortColumn[]>;

/** A sort by these columns, then by the row's integer `id` (the unique tiebreaker). */
export function thenById(id: AnyColumn, ...columns: SortColumn[]): readonly SortColumn[] {
  return [...columns, { expr: id, type: "integer" }];
}

export function orderByOf<K extends string>(map: SortMap<K>, sort: K, dir: SortDirection): SQL[] {
  const by = dir === "asc" ? asc : desc;
  return map[sort].map((column) => by(column.expr));
}

/** Escapes LIKE wildcards so a search for "a_b" or "50%" matches those characters. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * `column` contains `text`, both folded by cotiza_fold (lower case, accents dropped: "jose"
 * finds "JOSÉ"), LIKE wildcards in `text` matched literally. A column searched this way has a
 * trigram index on cotiza_fold(column) (migration 0007), which this condition uses.
 */
export function foldedContains(column: AnyColumn, text: string): SQL {
  return sql`cotiza_fold(${column}) like cotiza_fold(${likeContains(text)})`;
}

/**
 * `folded`, a column the database keeps as cotiza_fold of another (clients.name_folded), contains
 * `text` folded alike; its trigram index serves this, and each candidate row is rechecked on the
 * kept text rather than folded again.
 */
export function keptFoldedContains(folded: AnyColumn, text: string): SQL {
  return sql`${folded} like cotiza_fold(${likeContains(text)})`;
}

/** How many rows match `where`, counted up to COUNT_CAP + 1 (so "more than the cap" is known). */
export async function cappedCount(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<{ total: number; totalCapped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The number of matches a page read tells by itself, or null when it cannot: a page that is not
 * full holds the last matches, so they are the rows it skipped and those it holds (an empty page
 * tells it only as the first page, which skipped none). A list that mostly fits in one page (a
 * customer's own, a search) then does without its count, the same filter read again.
 */
export function totalToldByPage(offset: number, itemsOnPage: number, pageSize: number): { total: number; totalCapped: boolean } | null {
  const told = itemsOnPage < pageSize && (itemsOnPage > 0 || offset === 0) ? offset + itemsOnPage : null;
  if (told === null) return null;
  return told > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: told, totalCapped: false };
}

type PageQuery<K extends string> = { page: number; pageSize: number; sort: K; dir: SortDirection };

/**
 * One page of a list: `rows(orderBy, limit, offset)` reads it, `count()` counts the matches (use
 * cappedCount). Both run together; the answer has the contract's list shape.
 *
 * `rowsFirst` (a search or a customer's own list, which mostly match less than a page; a read that
 * counts its matches as it goes, pageIdsOfFew): the rows are read first, and when the page tells
 * the total by itself (totalToldByPage) the count is not run; otherwise `count()` runs after the
 * rows.
 */
export async function listPage<K extends string, Item>(
  query: PageQuery<K>,
  sortMap: SortMap<K>,
  read: {
    rows: (orderBy: SQL[], limit: number, offset: number) => Promise<Item[]>;
    count: () => Promise<{ total: number; totalCapped: boolean }>;
    rowsFirst?: boolean;
  },
): Promise<ListPage<Item> & { sort: K; dir: SortDirection }> {
  const offset = pageOffset(query);
  const rows = () => read.rows(orderByOf(sortMap, query.sort, query.dir), query.pageSize, offset);
  let items: Item[];
  let counted: { total: number; totalCapped: boolean };
  if (read.rowsFirst) {
    items = await rows();
    counted = totalToldByPage(offset, items.length, query.pageSize) ?? (await read.count());
  } else {
    [items, counted] = await Promise.all([rows(), read.count()]);
  }
  return { items, ...counted, page: query.page, pageSize: query.pageSize, sort: query.sort, dir: query.dir };
}

/**
 * The ids of one page, read from the list's own table (an index walk, however deep the page): a
 * list then joins and computes its per-row columns for those ids only, not for every row OFFSET
 * skips. `where` must reference the table alone (subqueries are fine).
 */
export function pageIds(db: DbOrTx, table: PgTable, id: PgColumn, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/**
 * The page of a list whose filter the sort's index cannot serve (a range of dates, newest first):
 * the filter's matches are read through its own index, at most COUNT_CAP + 1 of them, and sorted,
 * and their number comes with the page's ids. Left to itself, the planner, which takes columns as
 * unrelated, would walk the sort's index expecting to meet the matches soon, and drop every row
 * on the way (a year of policies when the dates are a year back). The LIMIT keeps the subquery
 * whole; it has the table's own name, so `where` and `orderBy` read unchanged.
 *
 * `ids` is null when the matches are more than the cap (the page may lie among those not read):
 * walk the sort's index then (pageIds), as it meets that many matches soon. `counted` is null
 * when the page is past the matches (no row to carry their number): count them (cappedCount).
 */
export async function pageIdsOfFew(
  db: DbOrTx,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<PageOfMatches> {
  return readMatchesThenPage(db, table, id, sql`*`, COUNT_CAP, where, orderBy, limit, offset);
}

type PageOfMatches = { ids: number[] | null; counted: { total: number; totalCapped: boolean } | null };

/**
 * pageIdsOfFew's and pageIdsOfMatches's one query: `selected` of at most `cap` + 1 matches, in a
 * subquery with the table's own name (so `where` and `orderBy` read unchanged), sorted, the page
 * taken and the matches counted on the way.
 */
async function readMatchesThenPage(
  db: DbOrTx,
  table: PgTable,
  id: PgColumn,
  selected: SQL,
  cap: number,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<PageOfMatches> {
  const matching = sql`(select ${selected} from ${table} where ${where ?? sql`true`} limit ${cap + 1}) as ${table}`;
  // The id as an expression: Drizzle refuses a column of a table it does not see in the FROM.
  const rows = await db
    .select({ id: sql<number>`${id}`.mapWith(Number), matched: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matching)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  const matched = rows[0]?.matched;
  if (matched === undefined) return { ids: [], counted: null };
  if (matched > cap) return { ids: null, counted: { total: COUNT_CAP, totalCapped: true } };
  return {
    ids: rows.map((r) => r.id),
    counted: matched > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: matched, totalCapped: false },
  };
}

/**
 * How many matches pageIdsOfMatches reads at most: past it, the filter matches so much of the table
 * that walking the sort's index meets a page of them soon. Reading this many index entries and
 * sorting them costs ~40 ms on PostgreSQL (issue 30's bench, bench/results/lists-issue30-*.md).
 */
export const MATCH_READ_CAP = 200_000;

/**
 * The page of a list whose filter an index of its own serves (a range of dates, a search) but the
 * sort's index does not: pageIdsOfFew for matches that may be many. Only the id and the sort's
 * columns of each match are read (an index that holds them answers alone, without the table), at
 * most MATCH_READ_CAP of them, then sorted, and counted on the way. The planner, left to itself,
 * walks the sort's index and drops every row that does not match, expecting matches spread evenly;
 * when they lie together far from where the walk starts (a range a year back, holders whose names
 * were given together) it reads most of the table for one page.
 *
 * `ids` is null when the matches are more than MATCH_READ_CAP: walk the sort's index then (pageIds).
 * `counted` is null when the page is past the matches: count them (cappedCount).
 */
export async function pageIdsOfMatches(
  db: DbOrTx,
  table: PgTable,
  id: PgColumn,
  sortColumns: readonly SortColumn[],
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<PageOfMatches> {
  // Plain columns only: the subquery's output keeps their names, which `orderBy` refers to.
  const columns = sql.join(
    sortColumns.map((c) => sql`${c.expr}`),
    sql`, `,
  );
  return readMatchesThenPage(db, table, id, columns, MATCH_READ_CAP, where, orderBy, limit, offset);
}

/** The keyset values of a row: its sort columns as text (exact, microseconds included). */
export function keysetColumns<K extends string>(sortMap: SortMap<K>, sort: K): Record<string, SQL<string>> {
  return Object.fromEntries(sortMap[sort].map((column, i) => [`k${i}`, sql<string>`(${column.expr})::text`]));
}

/** `(c1, c2, id) < (v1, v2, vid)` (or `>` ascending): the rows after the last one read. */
export function keysetAfter<K extends string>(sortMap: SortMap<K>, sort: K, dir: SortDirection, last: Record<string, unknown>): SQL {
  const columns = sortMap[sort];
  const left = sql.join(
    columns.map((c) => sql`${c.expr}`),
    sql`, `,
  );
  const right = sql.join(
    columns.map((c, i) => sql`${last[`k${i}`] as string}::${sql.raw(c.type)}`),
    sql`, `,
  );
  return dir === "asc" ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

/**
 * Every row of a filtered, sorted list in batches of `batchSize`, each read after the previous
 * one's last row. `read(after, orderBy, limit)` returns rows that carry the keysetColumns.
 * The next batch is read while the consumer handles this one (one batch ahead, never more), so
 * the database and the writing overlap. Stop iterating (break, or cancel the stream) to stop
 * reading: a read already under way finishes and is dropped.
 */
export async function* keysetBatches<K extends string, Row extends Record<string, unknown>>(
  sortMap: SortMap<K>,
  sort: K,
  dir: SortDirection,
  batchSize: number,
  read: (after: SQL | undefined, orderBy: SQL[], limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const orderBy = orderByOf(sortMap, sort, dir);
  // A read ahead that nobody awaits (the consumer stopped) must not become an unhandled rejection.
  const ahead = (promise: Promise<Row[]>) => (promise.catch(() => {}), promise);
  let next = ahead(read(undefined, orderBy, batchSize));
  for (;;) {
    const rows = await next;
    const more = rows.length === batchSize;
    if (more) next = ahead(read(keysetAfter(sortMap, sort, dir, rows[rows.length - 1]!), orderBy, batchSize));
    if (rows.length > 0) yield rows;
    if (!more) return;
  }
}
