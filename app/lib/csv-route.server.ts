import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { adminLoader } from "./admin-route.server";
import type { AdminRouteId } from "./admin-routes";
import { csvExport } from "./list.server";

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
