// What the pages of one policy in the back office (/admin/policies/{id} and its /payments) share
// on the server: reading the policy, and what the person may do on the page.
import { AdminPolicySchema } from "../../api/contract/admin-policies";
import type { AdminLoaderArgs } from "./admin-route.server";
import { canOpen, type AdminRouteId } from "./admin-routes";
import { invariantResponse, positiveIdParam } from "./http";

/**
 * The policy of the URL's `id` (404 "Page Not Found" when there is none) and whether the page's
 * action is open to this admin. `read`: the API's reading of it, `/payments` for the recibos page
 * (payments:read, ADR 028).
 */
export async function loadAdminPolicy({ admin, api, params, request }: AdminLoaderArgs, routeId: AdminRouteId, read: "" | "/payments" = "") {
  const id = positiveIdParam(params.id);
  const data = await api.get(`/admin/policies/${id}${read}`, { schema: AdminPolicySchema, otherwise: { 404: null }, signal: request.signal });
  invariantResponse(data, "Póliza no encontrada");
  return {
    data,
    canWrite: canOpen(admin.role.permissions, routeId, "action"),
    // The recibos tab and links only for those who may open it.
    canReadPayments: canOpen(admin.role.permissions, "routes/admin.policies.$id.payments"),
    // The policy's PDFs only for those who hold documents:read (ADR 036), as the API asks.
    canReadDocuments: canOpen(admin.role.permissions, "routes/admin.policies.$id.documentos.condiciones"),
  };
}
