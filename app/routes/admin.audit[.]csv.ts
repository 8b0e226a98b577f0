import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { handleAdminApiError, requireRoutePermission } from "~/lib/admin-auth.server";
import { ApiError } from "~/lib/api.server";

/**
 * /admin/audit.csv: the API's CSV export of the audit log, with the filters of /admin/audit,
 * streamed to the browser as the API sends it (its file name, type and row count headers).
 */
const ROUTE_ID = "routes/admin.audit[.]csv";
const FILTER_KEYS = ["actor", "action", "entity", "from", "to"] as const;
const PASSED_HEADERS = ["content-type", "content-disposition", "cache-control", "x-total-count"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers: sessionHeaders } = await requireRoutePermission(request, context, ROUTE_ID, "loader");
  const url = new URL(request.url);
  const filters: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value) filters[key] = value;
  }

  let response: Response;
  try {
    // The admin's client: an expired token is never sent (spec 5).
    response = await api.getResponse("/admin/audit/export", { query: filters, accept: "text/csv", signal: request.signal });
  } catch (error) {
    // Filters the API refuses: back to the page, which shows why next to each filter.
    if (error instanceof ApiError && error.status === 400) {
      const query = new URLSearchParams(filters).toString();
      throw redirect(`/admin/audit${query ? `?${query}` : ""}`, { headers: sessionHeaders });
    }
    handleAdminApiError(error, request, context, "/admin/audit");
  }

  const headers = new Headers(sessionHeaders);
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
