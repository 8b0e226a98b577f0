import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { handleAdminApiError, requireRoutePermission } from "~/lib/admin-auth.server";
import { ApiError, type ApiErrorBody } from "~/lib/api.server";
import { isTokenExpired, SessionExpiredError } from "~/lib/token";

/**
 * /admin/audit.csv: the API's CSV export of the audit log, with the filters of /admin/audit,
 * streamed to the browser as the API sends it (its file name, type and row count headers).
 *
 * The API client parses JSON answers, so this one call goes through the same transport
 * (context.apiFetch: in-process or API_BASE_URL) with the same headers the client would send.
 */
const ROUTE_ID = "routes/admin.audit[.]csv";
const FILTER_KEYS = ["actor", "action", "entity", "from", "to"] as const;
const PASSED_HEADERS = ["content-type", "content-disposition", "cache-control", "x-total-count"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, headers: sessionHeaders } = await requireRoutePermission(request, context, ROUTE_ID, "loader");
  const url = new URL(request.url);
  const filters = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value) filters.set(key, value);
  }

  // An expired token is never sent (spec 5).
  if (isTokenExpired(token)) handleAdminApiError(new SessionExpiredError(), request, context);
  const apiHeaders = new Headers({ accept: "text/csv", authorization: `Bearer ${token}` });
  const requestId = request.headers.get("x-request-id");
  if (requestId) apiHeaders.set("x-request-id", requestId);
  if (context.clientIp) apiHeaders.set("x-cotiza-client-ip", context.clientIp);
  const query = filters.toString();
  const target = `${context.apiBaseUrl.replace(/\/+$/, "")}/admin/audit/export${query ? `?${query}` : ""}`;

  let response: Response;
  try {
    response = await context.apiFetch(new Request(target, { headers: apiHeaders, signal: request.signal }));
  } catch (error) {
    context.logger.error("api unreachable", { method: "GET", path: "/admin/audit/export", error: error instanceof Error ? error.message : String(error) });
    throw new Response("La API no responde", { status: 502, statusText: "Bad Gateway" });
  }

  if (response.status >= 500) {
    context.logger.error("api error", { method: "GET", path: "/admin/audit/export", status: response.status });
    await response.body?.cancel();
    throw new Response("Error de la API", { status: response.status, statusText: response.statusText });
  }
  if (!response.ok) {
    const body = await errorBody(response);
    // Filters the API refuses: back to the page, which shows why next to each filter.
    if (response.status === 400) throw redirect(`/admin/audit${query ? `?${query}` : ""}`, { headers: sessionHeaders });
    handleAdminApiError(new ApiError(response.status, body), request, context, "/admin/audit");
  }

  const headers = new Headers(sessionHeaders);
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}

async function errorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string") return data as ApiErrorBody;
  } catch {
    // Not JSON: fall through to the status.
  }
  return { error: `Error ${response.status}` };
}
