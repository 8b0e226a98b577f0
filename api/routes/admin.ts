// Registers the back-office administration endpoints (users, roles, permissions, audit, dashboard, policies,
// phone sales, clients, guarantees).
// Each route takes its guard from ADMIN_ENDPOINTS (admin-endpoints.ts).
import type { ApiApp } from "../env";
import { registerAdminAuditRoutes } from "./admin-audit";
import { registerAdminClientRoutes } from "./admin-clients";
import { registerAdminDashboardRoutes } from "./admin-dashboard";
import { registerAdminGuaranteeRoutes } from "./admin-guarantees";
import { registerAdminPermissionRoutes } from "./admin-permissions";
import { registerAdminPolicyRoutes } from "./admin-policies";
import { registerAdminReconciliationRoutes } from "./admin-reconciliation";
import { registerAdminRoleRoutes } from "./admin-roles";
import { registerAdminSaleRoutes } from "./admin-sales";
import { registerAdminUserRoutes } from "./admin-users";

export function registerAdminRoutes(api: ApiApp) {
  registerAdminDashboardRoutes(api);
  registerAdminUserRoutes(api);
  registerAdminRoleRoutes(api);
  registerAdminPermissionRoutes(api);
  registerAdminAuditRoutes(api);
  registerAdminPolicyRoutes(api);
  registerAdminSaleRoutes(api);
  registerAdminClientRoutes(api);
  registerAdminGuaranteeRoutes(api);
  registerAdminReconciliationRoutes(api);
}
