import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { REPORT_KEYS } from "../../api/contract/reports";
import { adminLoader } from "~/lib/admin-route.server";
import { downloadFrom } from "~/lib/list.server";

/**
 * /admin/reports.csv?informe=…&tabla=…&from=…&to=…&line=…: one table of a report as the API
 * exports it (ADR 034), the figures the chart and "Ver tabla" show. The page writes these links
 * with the period already resolved to days; anything else goes back to the page.
 */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.reports[.]csv", async ({ api, request, headers, context }) => {
    const url = new URL(request.url);
    const informe = REPORT_KEYS.find((k) => k === url.searchParams.get("informe"));
    const tabla = url.searchParams.get("tabla");
    const from = url.searchParams.get("from");
    const to = url.searchParams.get("to");
    if (!informe || !tabla || !from || !to) throw redirect("/admin/reports", { headers });
    const line = url.searchParams.get("line") || undefined;
    const response = await api.getResponse(`/admin/reports/${informe}/export`, {
      query: { from, to, table: tabla, ...(line ? { line } : {}) },
      accept: "text/csv",
      signal: request.signal,
    });
    return downloadFrom(response, headers, context);
  });
