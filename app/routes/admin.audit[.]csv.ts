import { AuditExportQuerySchema } from "../../api/contract/audit";
import { adminLoader } from "~/lib/admin-route.server";
import { readListQuery } from "~/lib/list.server";
import { redirect } from "@remix-run/node";

/**
 * /admin/audit.csv: the API's CSV export of the audit log with the filters and order of
 * /admin/audit, streamed to the browser as the API sends it. Refused filters go back to the page,
 * which shows why next to each filter.
 */
const PASSED_HEADERS = ["content-type", "content-disposition", "cache-control"] as const;

export const loader = adminLoader("routes/admin.audit[.]csv", async ({ api, request, headers: sessionHeaders }) => {
  const read = readListQuery(request, AuditExportQuerySchema, sessionHeaders);
  if (!read.ok) throw redirect(`/admin/audit${new URL(request.url).search}`, { headers: sessionHeaders });
  const response = await api.getResponse("/admin/audit/export", { query: read.query, accept: "text/csv", signal: request.signal });
  const headers = new Headers(sessionHeaders);
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
});
