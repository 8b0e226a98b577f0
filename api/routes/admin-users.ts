import { z } from "zod";
// /admin/users: back-office accounts (list with search, create, read, change role, deactivate,
// reactivate, reset password). Every change writes its audit row in the same transaction.
import type { ApiApp } from "../env";
import {
  AdminUserExportQuerySchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserRowSchema,
  CreateAdminUserSchema,
  UpdateAdminUserSchema,
  type AdminUserRow,
} from "../contract/admin-users";
import { IdParamSchema } from "../contract/ids";
import { SUPERADMIN_ROLE } from "../contract/roles";
import {
  adminUserConflicts,
  auditSnapshot,
  getAdminUser,
  insertAdminUser,
  adminUserExportBatches,
  listAdminUsers,
  lockActiveAdminIdsWithRole,
  lockAdminUser,
  pgErrorCode,
  updateAdminUser,
} from "../db/admin-users.repo";
import { assertWithinOwnPermissions, currentAdmin } from "../auth";
import { csvAttachment, csvDateTime, csvStream } from "../csv";
import { adminActor, writeAudit } from "../db/audit";
import type { DbOrTx, Transaction } from "../db/client";
import { findRoleIdByName, getRole } from "../db/roles.repo";
import { hashPassword } from "../domain/password";
import { checkPasswordPolicy } from "../domain/password-policy";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { enqueueEmail } from "../services/mail";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: usuarios"];

export const USER_MESSAGES = {
  notFound: "Usuario no encontrado",
  duplicate: "Ya existe un usuario con esos datos",
  roleMissing: "El rol elegido no existe",
  selfDeactivate: "No puedes desactivar tu propia cuenta",
  selfDemote: "No puedes quitarte tu propio rol de superadmin",
  lastSuperadmin: "No se puede desactivar ni cambiar de rol al último superadmin activo",
} as const;

const listRoute = adminRoute({
  method: "get",
  path: "/admin/users",
  operationId: "listAdminUsers",
  tags: TAGS,
  summary: "Usuarios del back office, con búsqueda y paginación",
  request: { query: AdminUserListQuerySchema },
  responses: { 200: { description: "Página de usuarios", content: jsonContent(AdminUserListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/users/export",
  operationId: "exportAdminUsers",
  tags: TAGS,
  summary: "Exporta en CSV los usuarios que cumplen los filtros, en el orden pedido",
  description:
    "Mismos filtros y orden que /admin/users, todas las filas. UTF-8 con BOM, separado por punto y coma, fechas dd/mm/aaaa hh:mm:ss en hora de Madrid.",
  request: { query: AdminUserExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

export const ADMIN_USERS_CSV_HEADER = ["Usuario", "Correo electrónico", "Rol", "Estado", "Último acceso", "Alta"] as const;

function adminUserCsvRow(user: AdminUserRow): string[] {
  return [
    user.username,
    user.email,
    user.role.name,
    user.active ? "Activo" : "Inactivo",
    user.lastLoginAt ? csvDateTime(user.lastLoginAt) : "",
    csvDateTime(user.createdAt),
  ];
}

const createUserRoute = adminRoute({
  method: "post",
  path: "/admin/users",
  operationId: "createAdminUser",
  tags: TAGS,
  summary: "Crea un usuario del back office con un rol",
  request: { body: { required: true, content: jsonContent(CreateAdminUserSchema) } },
  responses: { 201: { description: "Usuario creado", content: jsonContent(AdminUserRowSchema) }, ...errorResponses(409) },
});

const getUserRoute = adminRoute({
  method: "get",
  path: "/admin/users/{id}",
  operationId: "getAdminUser",
  tags: TAGS,
  summary: "Un usuario del back office",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Usuario", content: jsonContent(AdminUserRowSchema) } },
});

const updateUserRoute = adminRoute({
  method: "patch",
  path: "/admin/users/{id}",
  operationId: "updateAdminUser",
  tags: TAGS,
  summary: "Cambia el rol, activa o desactiva, o restablece la contraseña de un usuario",
  description:
    "Nadie puede desactivarse a sí mismo ni quitarse su propio rol de superadmin; el último superadmin activo no se puede desactivar ni cambiar de rol (409).",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(UpdateAdminUserSchema) } },
  responses: { 200: { description: "Usuario modificado", content: jsonContent(AdminUserRowSchema) }, ...errorResponses(409) },
});

function passwordProblem(password: string, context: { email: string; username: string }): ApiProblem | null {
  const messages = checkPasswordPolicy(password, { email: context.email, name: context.username });
  return messages.length > 0 ? new ApiProblem(400, "Datos no válidos", { password: messages }) : null;
}

async function roleOr400(tx: Transaction, roleId: number) {
  const role = await getRole(tx, roleId);
  if (!role) throw new ApiProblem(400, "Datos no válidos", { roleId: [USER_MESSAGES.roleMissing] });
  return role;
}

async function userOr404(found: Promise<AdminUserRow | null>): Promise<AdminUserRow> {
  const user = await found;
  if (!user) throw new ApiProblem(404, USER_MESSAGES.notFound);
  return user;
}

/** A unique index refused a username or e-mail that our check found free a moment before. */
async function duplicateProblem(db: DbOrTx, values: { username: string; email: string }) {
  const fieldErrors = await adminUserConflicts(db, values);
  return new ApiProblem(409, USER_MESSAGES.duplicate, Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined);
}

export function registerAdminUserRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => {
    return c.json(await listAdminUsers(c.var.deps.readDb, c.req.valid("query")), 200);
  });

  api.openapi(exportRoute, async (c) => {
    const batches = adminUserExportBatches(c.var.deps.readDb, c.req.valid("query"));
    return csvAttachment(c, "usuarios", csvStream({ header: ADMIN_USERS_CSV_HEADER, batches, row: adminUserCsvRow }));
  });

  api.openapi(getUserRoute, async (c) => c.json(await userOr404(getAdminUser(c.var.deps.db, c.req.valid("param").id)), 200));

  api.openapi(createUserRoute, async (c) => {
    const input = c.req.valid("json");
    const actor = currentAdmin(c);
    const db = c.var.deps.db;
    const weak = passwordProblem(input.password, input);
    if (weak) throw weak;
    // Hashing takes a while: do it before the transaction opens, not while it holds locks.
    const passwordHash = await hashPassword(input.password);
    try {
      const created = await db.transaction(async (tx) => {
        const role = await roleOr400(tx, input.roleId);
        assertWithinOwnPermissions(actor, role.permissions);
        const conflicts = await adminUserConflicts(tx, input);
        if (Object.keys(conflicts).length > 0) throw new ApiProblem(409, USER_MESSAGES.duplicate, conflicts);
        const id = await insertAdminUser(tx, { username: input.username, email: input.email, passwordHash, roleId: role.id });
        const row = await userOr404(getAdminUser(tx, id));
        await queueAccountEmail(tx, c.var.deps.publicBaseUrl, row, c.var.deps.now());
        await writeAudit(tx, {
          ...adminActor(c),
          at: c.var.deps.now(),
          action: "admin_user.created",
          entity: "admin_user",
          entityId: id,
          before: null,
          after: auditSnapshot(row),
        });
        return row;
      });
      return c.json(created, 201);
    } catch (error) {
      if (pgErrorCode(error) === "23505") throw await duplicateProblem(db, input);
      throw error;
    }
  });

  api.openapi(updateUserRoute, async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const actor = currentAdmin(c);
    const db = c.var.deps.db;

    let passwordHash: string | undefined;
    if (input.password !== undefined) {
      const target = await userOr404(getAdminUser(db, id));
      const weak = passwordProblem(input.password, target);
      if (weak) throw weak;
      passwordHash = await hashPassword(input.password);
    }

    const updated = await db.transaction(async (tx) => {
      // A change that could take away a superadmin first locks the active superadmins, in id
      // order and before the target, so two such changes queue up instead of deadlocking or
      // both passing the "last superadmin" check.
      const superadminId = await findRoleIdByName(tx, SUPERADMIN_ROLE);
      const mayDemote = input.active === false || input.roleId !== undefined;
      const activeSuperadmins = mayDemote && superadminId !== null ? await lockActiveAdminIdsWithRole(tx, superadminId) : [];

      const before = await userOr404(lockAdminUser(tx, id));
      const currentRole = await roleOr400(tx, before.role.id);
      // Managing an account means holding at least what it holds: no taking over a superadmin.
      assertWithinOwnPermissions(actor, currentRole.permissions);

      const newRole = input.roleId !== undefined && input.roleId !== before.role.id ? await roleOr400(tx, input.roleId) : null;
      if (newRole) assertWithinOwnPermissions(actor, newRole.permissions);
      const deactivating = input.active === false && before.active;
      const isSelf = before.id === actor.id;
      const isActiveSuperadmin = before.role.id === superadminId && before.active;

      if (isSelf && input.active === false) throw new ApiProblem(409, USER_MESSAGES.selfDeactivate, { active: [USER_MESSAGES.selfDeactivate] });
      if (isSelf && newRole && before.role.id === superadminId) {
        throw new ApiProblem(409, USER_MESSAGES.selfDemote, { roleId: [USER_MESSAGES.selfDemote] });
      }
      if (isActiveSuperadmin && (deactivating || newRole) && activeSuperadmins.every((other) => other === before.id)) {
        throw new ApiProblem(409, USER_MESSAGES.lastSuperadmin);
      }

      const changes: { roleId?: number; active?: boolean } = {};
      if (newRole) changes.roleId = newRole.id;
      if (input.active !== undefined && input.active !== before.active) changes.active = input.active;
      if (Object.keys(changes).length > 0 || passwordHash) await updateAdminUser(tx, id, { ...changes, passwordHash }, c.var.deps.now());

      const after = await userOr404(getAdminUser(tx, id));
      if (Object.keys(changes).length > 0) {
        await writeAudit(tx, {
          ...adminActor(c),
          at: c.var.deps.now(),
          action: "admin_user.updated",
          entity: "admin_user",
          entityId: id,
          before: auditSnapshot(before),
          after: auditSnapshot(after),
        });
      }
      if (passwordHash) {
        await queueAccountEmail(tx, c.var.deps.publicBaseUrl, after, c.var.deps.now());
        // Never the hash: only that it was reset, and whose it was.
        await writeAudit(tx, {
          ...adminActor(c),
          at: c.var.deps.now(),
          action: "admin_user.password_reset",
          entity: "admin_user",
          entityId: id,
          before: null,
          after: { id: after.id, username: after.username, email: after.email, passwordReset: true },
        });
      }
      return after;
    });
    return c.json(updated, 200);
  });
}

/**
 * Tells a staff member their account was created or its password reset, with the sign-in link
 * (template contrasena-temporal, ADR 040). Never the password: the admin who set it gives it by
 * another way. Without the site's public address the link cannot be written, so nothing is sent.
 */
async function queueAccountEmail(tx: DbOrTx, publicBaseUrl: string | undefined, user: { username: string; email: string }, now: Date) {
  if (!publicBaseUrl) return;
  await enqueueEmail(
    tx,
    {
      template: "contrasena-temporal",
      to: user.email,
      values: { nombre_tomador: user.username, email_cuenta: user.email, enlace: new URL("/admin/login", publicBaseUrl).toString() },
    },
    now,
  );
}
