// /admin/permissions: the permission catalogue, for the role editor and the roles × permissions matrix.
import type { ApiApp } from "../env";
import { PermissionListSchema } from "../contract/roles";
import { listPermissions } from "../db/roles.repo";
import { jsonContent } from "../http";
import { adminRoute } from "./admin-endpoints";

const listRoute = adminRoute({
  method: "get",
  path: "/admin/permissions",
  operationId: "listPermissions",
  tags: ["Administración: roles y permisos"],
  summary: "Catálogo de permisos, agrupados por recurso",
  responses: {
    200: { description: "Permisos", content: jsonContent(PermissionListSchema) },
  },
});

export function registerAdminPermissionRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json({ items: await listPermissions(c.var.deps.db) }, 200));
}
