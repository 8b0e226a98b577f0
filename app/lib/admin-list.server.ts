// The server half of every back-office list (ADR 010): the page's read (readListPage) and its
// CSV download route (csvRoute), so that a list route holds only what is its own.
import type { SubmissionResult } from "@conform-to/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { ListPage } from "../../api/contract/list-query";
import { adminLoader, type AdminLoaderArgs } from "./admin-route.server";
import type { AdminRouteId } from "./admin-routes";
import { assertPageInRange, csvExport, readListQuery } from "./list.server";

type ListQuery = Record<string, string | number | boolean | undefined | null>;

/**
 * A list page's data: its query read from the URL with `querySchema` (redirects for a bad sort or
 * page), the page of `path` from the API (past the end: a redirect to the last page), and the
 * filters for the filter bar. Refused filters: no list, and the filter bar's errors.
 */
export async function readListPage<L extends z.ZodType<ListPage<unknown>, z.ZodTypeDef, unknown>>(
  { api, request, headers }: Pick<AdminLoaderArgs, "api" | "request" | "headers">,
  path: string,
  querySchema: z.ZodTypeAny,
  listSchema: L,
): Promise<{ list: z.output<L> | null; filters: Record<string, string>; filterResult: SubmissionResult<string[]> | null }> {
  const read = readListQuery(request, querySchema, headers);
  if (!read.ok) return { list: null, filters: read.filters, filterResult: read.filterResult };
  const list: z.output<L> = await api.get(path, { query: read.query as ListQuery, schema: listSchema, signal: request.signal });
  assertPageInRange(request, list, headers);
  return { list, filters: read.filters, filterResult: null };
}

/**
 * The loader of every `admin.*[.]csv` route: the guard of `routeId`, then the list at `listPath`
 * (its filters and order, no page) streamed as CSV from the API's `${listPath}/export`. Refused
 * filters go back to the list page. Call it inside the route's own arrow function (ADR 010):
 *   export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.things[.]csv", ThingExportQuerySchema, "/admin/things");
 */
export function csvRoute<S extends z.ZodTypeAny>(args: LoaderFunctionArgs, routeId: AdminRouteId, schema: S, listPath: string) {
  return adminLoader(args, routeId, ({ api, request, headers, context }) =>
    csvExport(request, api, { schema, apiPath: `${listPath}/export`, listPath }, headers, context),
  );
}
