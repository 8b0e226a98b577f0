// Data access for roles and the permission catalogue.
import { asc, count, eq, getTableColumns, ne, sql, and } from "drizzle-orm";
import type { Permission, Role } from "../contract/roles";
import { PERMISSION_NAMES } from "../domain/permissions";
import type { DbOrTx, Transaction } from "./client";
import { adminUsers, permissions, roles, type PermissionMap } from "./schema";

/**
 * Every catalogue permission, true only where the stored map says exactly true. Stored entries
 * that left the catalogue are dropped, so a role always answers the current vocabulary.
 */
export function fullPermissionMap(stored: PermissionMap | null | undefined): Record<string, boolean> {
  const source = stored ?? {};
  return Object.fromEntries(PERMISSION_NAMES.map((name) => [name, Object.prototype.hasOwnProperty.call(source, name) && source[name] === true]));
}

/** Roles with the number of accounts (active or not) that hold each. */
const rolesWithUserCount = (db: DbOrTx) =>
  db
    .select({ ...getTableColumns(roles), userCount: count(adminUsers.id) })
    .from(roles)
    .leftJoin(adminUsers, eq(adminUsers.roleId, roles.id))
    .groupBy(roles.id);

function toRole(row: typeof roles.$inferSelect & { userCount: number }): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: fullPermissionMap(row.permissions),
    isSystem: row.isSystem,
    userCount: row.userCount,
  };
}

export async function listRoles(db: DbOrTx): Promise<Role[]> {
  const rows = await rolesWithUserCount(db).orderBy(asc(roles.id));
  return rows.map(toRole);
}

export async function getRole(db: DbOrTx, id: number): Promise<Role | null> {
  const [row] = await rolesWithUserCount(db).where(eq(roles.id, id));
  return row ? toRole(row) : null;
}

/** The role locked for the rest of the transaction (edits and deletes of one role queue up). */
export async function lockRole(tx: Transaction, id: number): Promise<Role | null> {
  const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for("update");
  return locked ? getRole(tx, id) : null;
}

export async function findRoleIdByName(db: DbOrTx, name: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id ?? null;
}

/** Names are unique regardless of case ("Gestor" and "gestor" would confuse everyone). */
export async function roleNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId === undefined ? undefined : ne(roles.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function insertRole(
  tx: Transaction,
  values: { name: string; description: string; permissions: Record<string, boolean> },
): Promise<number> {
  const [created] = await tx
    .insert(roles)
    .values({ ...values, isSystem: false })
    .returning({ id: roles.id });
  if (!created) throw new Error("insertRole: no row returned");
  return created.id;
}

export async function updateRole(
  tx: Transaction,
  id: number,
  values: { name: string; description: string; permissions: Record<string, boolean> },
): Promise<void> {
  await tx
    .update(roles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(roles.id, id));
}

export async function countUsersWithRole(db: DbOrTx, roleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.roleId, roleId));
  return row?.n ?? 0;
}

export async function deleteRole(tx: Transaction, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

/** The permission catalogue as seeded, in the catalogue's order (grouped by resource). */
export async function listPermissions(db: DbOrTx): Promise<Permission[]> {
  const rows = await db.select().from(permissions);
  const order = new Map(PERMISSION_NAMES.map((name, i) => [name as string, i]));
  const rank = (name: string) => order.get(name) ?? Number.MAX_SAFE_INTEGER;
  return rows
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .map(({ name, description, group }) => ({ name, description, group }));
}

/** What the audit log keeps of a role. */
export function roleSnapshot(role: Role) {
  return { id: role.id, name: role.name, description: role.description, permissions: role.permissions, isSystem: role.isSystem };
}
