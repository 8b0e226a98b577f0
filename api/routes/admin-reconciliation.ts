// /admin/payments/reconciliation: what does not match between the provider's charges, the
// recibos and the remittances (ADR 027).
import type { ApiApp } from "../env";
import { ReconciliationSchema } from "../contract/reconciliation";
import { jsonContent } from "../http";
import { reconcile } from "../services/reconciliation";
import { adminRoute } from "./admin-endpoints";

const reconciliationRoute = adminRoute({
  method: "get",
  path: "/admin/payments/reconciliation",
  operationId: "getPaymentsReconciliation",
  tags: ["Administración: pagos"],
  summary: "Descuadres: cobros sin recibo, recibos cobrados sin cobro y remesas cuyos totales no cuadran",
  responses: {
    200: { description: "Los descuadres (listas vacías: todo cuadra)", content: jsonContent(ReconciliationSchema) },
  },
});

export function registerAdminReconciliationRoutes(api: ApiApp) {
  api.openapi(reconciliationRoute, async (c) => c.json(await reconcile(c.var.deps.readDb), 200));
}
