// /admin/dashboard: the live counts the back-office home shows.
import type { ApiApp } from "../env";
import { DashboardSchema } from "../contract/dashboard";
import { dashboardCounts } from "../db/dashboard.repo";
import { jsonContent } from "../http";
import { adminRoute } from "./admin-endpoints";

const dashboardRoute = adminRoute({
  method: "get",
  path: "/admin/dashboard",
  operationId: "getAdminDashboard",
  tags: ["Administración: panel"],
  summary: "Número de cotizaciones, pólizas, clientes y usuarios activos del back office",
  responses: {
    200: { description: "Contadores", content: jsonContent(DashboardSchema) },
  },
});

export function registerAdminDashboardRoutes(api: ApiApp) {
  api.openapi(dashboardRoute, async (c) => c.json(await dashboardCounts(c.var.deps.db), 200));
}
