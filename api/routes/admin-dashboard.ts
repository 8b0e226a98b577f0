// /admin/dashboard: today's business for the back-office home (ADR 035). Each figure comes only to
// a caller who may read the list it summarises: premiums and recibos need payments:read, policies
// in force, renewals and quotes waiting for a call policies:read; null for the rest.
import type { ApiApp } from "../env";
import { currentAdmin } from "../auth";
import { DashboardSchema } from "../contract/dashboard";
import { dashboardFigures } from "../db/dashboard.repo";
import { myLeads } from "../db/pipeline-leads.repo";
import { madridDate } from "../domain/calendar";
import { hasPermission } from "../domain/permissions";
import { jsonContent } from "../http";
import { adminRoute } from "./admin-endpoints";

const dashboardRoute = adminRoute({
  method: "get",
  path: "/admin/dashboard",
  operationId: "getAdminDashboard",
  tags: ["Administración: panel"],
  summary: "El negocio de hoy: primas del mes, pólizas en vigor, renovaciones, recibos pendientes y devueltos, cotizaciones por llamar",
  description: "Cada cifra solo si el rol puede leer la lista que resume (payments:read o policies:read); si no, null.",
  responses: {
    200: { description: "Cifras", content: jsonContent(DashboardSchema) },
  },
});

export function registerAdminDashboardRoutes(api: ApiApp) {
  api.openapi(dashboardRoute, async (c) => {
    const { permissions, id } = currentAdmin(c);
    const scope = { payments: hasPermission(permissions, "payments:read"), policies: hasPermission(permissions, "policies:read") };
    const now = c.var.deps.now();
    const db = c.var.deps.readDb;
    const [figures, leads] = await Promise.all([
      dashboardFigures(db, scope, madridDate(now), now),
      // Issue 23: the staff member's own leads (api/db/pipeline-leads.repo.ts).
      hasPermission(permissions, "pipeline:read") ? myLeads(db, id, madridDate(now)) : null,
    ]);
    return c.json({ ...figures, myLeads: leads }, 200);
  });
}
