// The list kit's web half on the server: a list route's loader reads its query with the
// contract's schema (the same the API applies), and sends the person to a clean URL rather than
// an error page when the query cannot be honoured.
import type { SubmissionResult } from "@conform-to/react";
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { apiClient, type ApiClient } from "./api.server";
import "./load-context";
import { loggedStream } from "../../platform/streams";
import { parseForm } from "./parse-form.server";
import { visitorLoader } from "./visitor-route.server";
import { isoDateFilters } from "./typed-date";
import { lastPageOf, MAX_LIST_OFFSET, type ListPage } from "../../api/contract/list-query";

/** Query keys that are not filters: they never show in the filter bar. */
const PAGING_KEYS = new Set(["page", "pageSize", "sort", "dir"]);

function cleanUrl(url: URL, drop: readonly string[], set: Record<string, string> = {}): string {
  const params = new URLSearchParams(url.search);
  for (const key of drop) params.delete(key);
  for (const [key, value] of Object.entries(set)) params.set(key, value);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

export type ListRequest<Query> =
  | { ok: true; query: Query; filters: Record<string, string>; filtered: boolean }
  /** Filters the schema refuses: the filter bar shows why (conform's reply), the list is not read. */
  | { ok: false; filterResult: SubmissionResult<string[]>; filters: Record<string, string>; filtered: true };

/**
 * Reads a list's query from the URL with the contract's schema.
 * - An unknown sort key or direction: redirect to the same list without them (default order).
 * - A bad page or page size: redirect to the first page; a page past the reachable rows: to the
 *   last reachable page.
 * - Bad filters: `ok: false` with the errors for the filter bar.
 * `headers` go with a redirect (the admin session cookie, for instance).
 */
export function readListQuery<S extends z.ZodTypeAny>(request: Request, schema: S, headers?: HeadersInit): ListRequest<z.output<S>> {
  const url = new URL(request.url);
  // Date filters are typed as dd/mm/aaaa in the filter bar; the contract checks them as ISO.
  const submission = parseForm(isoDateFilters(url.searchParams), schema);
  const filters: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!PAGING_KEYS.has(key) && value !== "") filters[key] = value;
  const filtered = Object.keys(filters).length > 0;
  if (submission.status === "success") return { ok: true, query: submission.value as z.output<S>, filters, filtered };

  const errors = submission.error ?? {};
  if (errors.sort || errors.dir) throw redirect(cleanUrl(url, ["sort", "dir"]), { headers });
  if (errors.pageSize) throw redirect(cleanUrl(url, ["pageSize", "page"]), { headers });
  if (errors.page) {
    const size = Number(url.searchParams.get("pageSize")) || undefined;
    const tooDeep = Number(url.searchParams.get("page")) > 1;
    const page = tooDeep ? lastPageOf(MAX_LIST_OFFSET, size ?? 20) : 1;
    throw redirect(cleanUrl(url, ["page"], page > 1 ? { page: String(page) } : {}), { headers });
  }
  return { ok: false, filterResult: submission.reply(), filters, filtered: true };
}

/** A page past the end of the list (rows deleted, a stale link): redirect to the last one. */
export function assertPageInRange(request: Request, list: Pick<ListPage<unknown>, "page" | "pageSize" | "total">, headers?: HeadersInit): void {
  const last = lastPageOf(list.total, list.pageSize);
  if (list.page > last) {
    const url = new URL(request.url);
    throw redirect(cleanUrl(url, ["page"], last > 1 ? { page: String(last) } : {}), { headers });
  }
}

const DOWNLOAD_HEADERS = ["content-type", "content-disposition", "cache-control"] as const;

/**
 * A list's CSV download in the web: the same query as the list page (its filters and order, no
 * page), passed to the API's export and streamed to the browser as the API sends it. Refused
 * filters go back to the list page, which says why next to each filter.
 */
export async function csvExport<S extends z.ZodTypeAny>(
  request: Request,
  api: ApiClient,
  opts: { schema: S; apiPath: string; listPath: string },
  sessionHeaders: Headers,
  context: AppLoadContext,
): Promise<Response> {
  const read = readListQuery(request, opts.schema, sessionHeaders);
  if (!read.ok) throw redirect(`${opts.listPath}${new URL(request.url).search}`, { headers: sessionHeaders });
  const response = await api.getResponse(opts.apiPath, { query: read.query as Record<string, string>, accept: "text/csv", signal: request.signal });
  return downloadFrom(response, sessionHeaders, context);
}

/**
 * A file the API answered (a CSV, a JSON data file), streamed on to the browser with its type and
 * name. If the API's stream breaks, the web's breaks too (logged): the browser sees a failed download.
 */
export function downloadFrom(response: Response, sessionHeaders: Headers, context: AppLoadContext): Response {
  const headers = new Headers(sessionHeaders);
  for (const name of DOWNLOAD_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = response.body && loggedStream(response.body, context.logger, "download failed", { type: response.headers.get("content-type") });
  return new Response(body, { status: 200, headers });
}

/**
 * The loader of a signed-in visitor's own list (`/me/…`; not signed in: the login page that comes
 * back here), by the list kit's rules: a bad or stale page is a redirect to a clean URL, one past
 * the end to the last page; the redirects keep the session's cookies and stay private. Call it
 * inside the route's own arrow function (ADR 026):
 *   export const loader = (args: LoaderFunctionArgs) => ownListLoader(args, "/me/things", QuerySchema, ListSchema);
 */
export function ownListLoader<L extends z.ZodType<ListPage<unknown>, z.ZodTypeDef, unknown>>(
  args: LoaderFunctionArgs,
  path: string,
  querySchema: z.ZodTypeAny,
  listSchema: L,
) {
  return visitorLoader(
    args,
    async ({ request, context, requireVisitor }): Promise<z.output<L>> => {
      const visitor = await requireVisitor();
      const headers = new Headers(visitor.headers);
      headers.set("Cache-Control", "private, no-store");
      const read = readListQuery(request, querySchema, headers);
      const query = read.ok ? read.query : querySchema.parse({});
      const list: z.output<L> = await apiClient(context, request, visitor.token).get(path, { query, schema: listSchema, signal: request.signal });
      assertPageInRange(request, list, headers);
      return list;
    },
    { private: true },
  );
}
