// Registers the back-office administration endpoints (users, roles, permissions, audit, dashboard, policies,
// phone sales, clients, guarantees).
// Each route takes its guard from ADMIN_ENDPOINTS (admin-endpoints.ts).
import type { ApiApp } from "../env";
import { registerAdminAuditRoutes } from "./admin-audit";
import { registerAdminClientRoutes } from "./admin-clients";
import { registerAdminClientPipelineRoutes } from "./admin-client-pipeline";
import { registerAdminDashboardRoutes } from "./admin-dashboard";
import { registerAdminDocumentRoutes } from "./admin-documents";
import { registerAdminEmailRoutes } from "./admin-emails";
import { registerAdminEmailTemplateRoutes } from "./admin-email-templates";
import { registerAdminEntityDocumentRoutes } from "./admin-entity-documents";
import { registerAdminGuaranteeRoutes } from "./admin-guarantees";
import { registerAdminPaymentRoutes } from "./admin-payments";
import { registerAdminPermissionRoutes } from "./admin-permissions";
import { registerAdminClaimRoutes } from "./admin-claims";
import { registerAdminPipelineRoutes } from "./admin-pipeline";
import { registerAdminPolicyRoutes } from "./admin-policies";
import { registerAdminQuoteRoutes } from "./admin-quotes";
import { registerAdminRefundRoutes } from "./admin-refunds";
import { registerAdminRemittanceRoutes } from "./admin-remittances";
import { registerAdminReturnRoutes } from "./admin-returns";
import { registerAdminReconciliationRoutes } from "./admin-reconciliation";
import { registerAdminReportRoutes } from "./admin-reports";
import { registerAdminRoleRoutes } from "./admin-roles";
import { registerAdminSaleRoutes } from "./admin-sales";
import { registerAdminSettingRoutes } from "./admin-settings";
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
  registerAdminRefundRoutes(api);
  registerAdminRemittanceRoutes(api);
  registerAdminReturnRoutes(api);
  registerAdminPaymentRoutes(api);
  registerAdminReconciliationRoutes(api);
  registerAdminReportRoutes(api);
  registerAdminDocumentRoutes(api);
  registerAdminEntityDocumentRoutes(api);
  registerAdminQuoteRoutes(api);
  registerAdminEmailRoutes(api);
  registerAdminSettingRoutes(api);
  registerAdminEmailTemplateRoutes(api);
  registerAdminPipelineRoutes(api);
  registerAdminClaimRoutes(api);
  registerAdminClientPipelineRoutes(api);
}
