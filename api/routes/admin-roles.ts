// /admin/roles: list, create, read, update and delete roles. Every change writes its audit row in
// the same transaction.
import type { ApiApp } from "../env";
import { IdParamSchema } from "../contract/ids";
import { RoleInputSchema, RoleListSchema, RoleSchema, SUPERADMIN_ROLE, type Role } from "../contract/roles";
import { assertWithinOwnPermissions, BEYOND_OWN_PERMISSIONS_MESSAGE, currentAdmin } from "../auth";
import { adminActor, writeAudit } from "../db/audit";
import { pgErrorCode } from "../db/admin-users.repo";
import {
  countUsersWithRole,
  deleteRole,
  fullPermissionMap,
  getRole,
  insertRole,
  listRoles,
  lockRole,
  roleNameTaken,
  roleSnapshot,
  updateRole,
} from "../db/roles.repo";
import { PERMISSION_NAMES } from "../domain/permissions";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: roles y permisos"];

export const ROLE_MESSAGES = {
  notFound: "Rol no encontrado",
  nameTaken: "Ya existe un rol con ese nombre",
  systemRename: "No se puede cambiar el nombre de un rol del sistema",
  superadminPermissions: "El rol superadmin debe conservar todos los permisos",
  superadminDelete: "No se puede eliminar el rol superadmin",
  systemDelete: "No se puede eliminar un rol del sistema",
  inUse: "No se puede eliminar un rol asignado a usuarios",
  beyondOwn: BEYOND_OWN_PERMISSIONS_MESSAGE,
} as const;

const listRoute = adminRoute({
  method: "get",
  path: "/admin/roles",
  operationId: "listRoles",
  tags: TAGS,
  summary: "Roles con sus permisos y el número de usuarios de cada uno",
  responses: { 200: { description: "Roles", content: jsonContent(RoleListSchema) } },
});

const createRoleRoute = adminRoute({
  method: "post",
  path: "/admin/roles",
  operationId: "createRole",
  tags: TAGS,
  summary: "Crea un rol",
  request: { body: { required: true, content: jsonContent(RoleInputSchema) } },
  responses: { 201: { description: "Rol creado", content: jsonContent(RoleSchema) }, ...errorResponses(409) },
});

const getRoleRoute = adminRoute({
  method: "get",
  path: "/admin/roles/{id}",
  operationId: "getRole",
  tags: TAGS,
  summary: "Un rol",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Rol", content: jsonContent(RoleSchema) } },
});

const updateRoleRoute = adminRoute({
  method: "put",
  path: "/admin/roles/{id}",
  operationId: "updateRole",
  tags: TAGS,
  summary: "Modifica el nombre, la descripción y los permisos de un rol",
  description:
    "Los permisos que no aparecen en el mapa quedan a false. El rol superadmin conserva todos sus permisos y los roles del sistema no cambian de nombre (409).",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(RoleInputSchema) } },
  responses: { 200: { description: "Rol modificado", content: jsonContent(RoleSchema) }, ...errorResponses(409) },
});

const deleteRoleRoute = adminRoute({
  method: "delete",
  path: "/admin/roles/{id}",
  operationId: "deleteRole",
  tags: TAGS,
  summary: "Elimina un rol que no está asignado a nadie",
  description: "Los roles del sistema (superadmin incluido) y los roles asignados a usuarios no se pueden eliminar (409).",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Rol eliminado" }, ...errorResponses(409) },
});

async function roleOr404(found: Promise<Role | null>): Promise<Role> {
  const role = await found;
  if (!role) throw new ApiProblem(404, ROLE_MESSAGES.notFound);
  return role;
}

const nameConflict = () => new ApiProblem(409, ROLE_MESSAGES.nameTaken, { name: [ROLE_MESSAGES.nameTaken] });

export function registerAdminRoleRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json({ items: await listRoles(c.var.deps.db) }, 200));

  api.openapi(getRoleRoute, async (c) => c.json(await roleOr404(getRole(c.var.deps.db, c.req.valid("param").id)), 200));

  api.openapi(createRoleRoute, async (c) => {
    const input = c.req.valid("json");
    const actor = currentAdmin(c);
    const permissions = fullPermissionMap(input.permissions);
    assertWithinOwnPermissions(actor, permissions);
    try {
      const role = await c.var.deps.db.transaction(async (tx) => {
        if (await roleNameTaken(tx, input.name)) throw nameConflict();
        const id = await insertRole(tx, { name: input.name, description: input.description, permissions });
        const created = await roleOr404(getRole(tx, id));
        await writeAudit(tx, {
          ...adminActor(c),
          at: c.var.deps.now(),
          action: "role.created",
          entity: "role",
          entityId: id,
          before: null,
          after: roleSnapshot(created),
        });
        return created;
      });
      return c.json(role, 201);
    } catch (error) {
      if (pgErrorCode(error) === "23505") throw nameConflict();
      throw error;
    }
  });

  api.openapi(updateRoleRoute, async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const actor = currentAdmin(c);
    const permissions = fullPermissionMap(input.permissions);
    try {
      const role = await c.var.deps.db.transaction(async (tx) => {
        const before = await roleOr404(lockRole(tx, id));
        if (before.isSystem && input.name !== before.name) {
          throw new ApiProblem(409, ROLE_MESSAGES.systemRename, { name: [ROLE_MESSAGES.systemRename] });
        }
        if (before.name === SUPERADMIN_ROLE && PERMISSION_NAMES.some((name) => permissions[name] !== true)) {
          throw new ApiProblem(409, ROLE_MESSAGES.superadminPermissions, { permissions: [ROLE_MESSAGES.superadminPermissions] });
        }
        if (await roleNameTaken(tx, input.name, id)) throw nameConflict();
        assertWithinOwnPermissions(actor, before.permissions, permissions);
        await updateRole(tx, id, { name: input.name, description: input.description, permissions });
        const after = await roleOr404(getRole(tx, id));
        await writeAudit(tx, {
          ...adminActor(c),
          at: c.var.deps.now(),
          action: "role.updated",
          entity: "role",
          entityId: id,
          before: roleSnapshot(before),
          after: roleSnapshot(after),
        });
        return after;
      });
      return c.json(role, 200);
    } catch (error) {
      if (pgErrorCode(error) === "23505") throw nameConflict();
      throw error;
    }
  });

  api.openapi(deleteRoleRoute, async (c) => {
    const { id } = c.req.valid("param");
    const actor = currentAdmin(c);
    try {
      await c.var.deps.db.transaction(async (tx) => {
        const role = await roleOr404(lockRole(tx, id));
        if (role.name === SUPERADMIN_ROLE) throw new ApiProblem(409, ROLE_MESSAGES.superadminDelete);
        if (role.isSystem) throw new ApiProblem(409, ROLE_MESSAGES.systemDelete);
        if ((await countUsersWithRole(tx, id)) > 0) throw new ApiProblem(409, ROLE_MESSAGES.inUse);
        assertWithinOwnPermissions(actor, role.permissions);
        await deleteRole(tx, id);
        await writeAudit(tx, {
          ...adminActor(c),
          at: c.var.deps.now(),
          action: "role.deleted",
          entity: "role",
          entityId: id,
          before: roleSnapshot(role),
          after: null,
        });
      });
    } catch (error) {
      // An account given this role after our count: the foreign key refuses the delete.
      if (pgErrorCode(error) === "23503") throw new ApiProblem(409, ROLE_MESSAGES.inUse);
      throw error;
    }
    return c.body(null, 204);
  });
}
