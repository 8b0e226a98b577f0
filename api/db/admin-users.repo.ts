// Data access for back-office accounts. Password hashes never leave this module except as the
// value written; every read answers the public row shape.
import { and, asc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { AdminUserExportQuery, AdminUserListQuery, AdminUserRow, AdminUserSortKey } from "../contract/admin-users";
import { cappedCount, keysetBatches, keysetColumns, likeContains, listPage, type SortMap } from "./list";
import type { DbOrTx, Transaction } from "./client";
import { adminUsers, roles } from "./schema";

const rowColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  active: adminUsers.active,
  roleId: roles.id,
  roleName: roles.name,
  lastLoginAt: adminUsers.lastLoginAt,
  createdAt: adminUsers.createdAt,
};

type RawRow = {
  id: number;
  username: string;
  email: string;
  active: boolean;
  roleId: number;
  roleName: string;
  lastLoginAt: Date | null;
  createdAt: Date;
};

function toRow(r: RawRow): AdminUserRow {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    active: r.active,
    role: { id: r.roleId, name: r.roleName },
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

// Staff are a few hundred rows at most; each sort still ends in the id so pages never overlap.
const SORTS: SortMap<AdminUserSortKey> = {
  username: [
    { expr: adminUsers.username, type: "text" },
    { expr: adminUsers.id, type: "integer" },
  ],
  email: [
    { expr: adminUsers.email, type: "text" },
    { expr: adminUsers.id, type: "integer" },
  ],
  role: [
    { expr: roles.name, type: "text" },
    { expr: adminUsers.username, type: "text" },
    { expr: adminUsers.id, type: "integer" },
  ],
  // Never signed in sorts as the oldest.
  lastLoginAt: [
    { expr: sql`coalesce(${adminUsers.lastLoginAt}, '-infinity'::timestamptz)`, type: "timestamptz" },
    { expr: adminUsers.id, type: "integer" },
  ],
  createdAt: [
    { expr: adminUsers.createdAt, type: "timestamptz" },
    { expr: adminUsers.id, type: "integer" },
  ],
};

function whereOf(query: AdminUserExportQuery): SQL | undefined {
  return and(
    query.q ? or(ilike(adminUsers.username, likeContains(query.q)), ilike(adminUsers.email, likeContains(query.q))) : undefined,
    query.roleId ? eq(adminUsers.roleId, query.roleId) : undefined,
    query.active ? eq(adminUsers.active, query.active === "true") : undefined,
  );
}

export async function listAdminUsers(db: DbOrTx, query: AdminUserListQuery) {
  const where = whereOf(query);
  return listPage(query, SORTS, {
    rows: async (orderBy, limit, offset) =>
      (
        await db
          .select(rowColumns)
          .from(adminUsers)
          .innerJoin(roles, eq(roles.id, adminUsers.roleId))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
    count: () => cappedCount(db, adminUsers, where),
  });
}

/** Every account matching the list's filters, in its order, in batches (the CSV export). */
export async function* adminUserExportBatches(db: DbOrTx, query: AdminUserExportQuery): AsyncGenerator<AdminUserRow[]> {
  const where = whereOf(query);
  const keys = keysetColumns(SORTS, query.sort);
  const batches = keysetBatches(SORTS, query.sort, query.dir, 500, (after, orderBy, limit) =>
    db
      .select({ ...rowColumns, ...keys })
      .from(adminUsers)
      .innerJoin(roles, eq(roles.id, adminUsers.roleId))
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  for await (const rows of batches) yield rows.map(toRow);
}

export async function getAdminUser(db: DbOrTx, id: number): Promise<AdminUserRow | null> {
  const [row] = await db.select(rowColumns).from(adminUsers).innerJoin(roles, eq(roles.id, adminUsers.roleId)).where(eq(adminUsers.id, id));
  return row ? toRow(row) : null;
}

/** The account locked for the rest of the transaction, so concurrent edits of it wait. */
export async function lockAdminUser(tx: Transaction, id: number): Promise<AdminUserRow | null> {
  const [locked] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, id)).for("update");
  return locked ? getAdminUser(tx, id) : null;
}

/**
 * Locks and returns the ids of the active accounts with the given role. Two admins demoting or
 * deactivating the last two superadmins at once then wait for each other instead of both passing.
 */
export async function lockActiveAdminIdsWithRole(tx: Transaction, roleId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.roleId, roleId), eq(adminUsers.active, true)))
    .orderBy(asc(adminUsers.id))
    .for("update");
  return rows.map((r) => r.id);
}

/** Spanish field errors for a username or e-mail another account already uses. */
export async function adminUserConflicts(
  db: DbOrTx,
  values: { username?: string; email?: string },
  exceptId?: number,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const others = exceptId === undefined ? undefined : ne(adminUsers.id, exceptId);
  if (values.username !== undefined) {
    const [taken] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(sql`lower(${adminUsers.username}) = ${values.username.toLowerCase()}`, others))
      .limit(1);
    if (taken) errors.username = ["Ya existe un usuario con ese nombre de usuario"];
  }
  if (values.email !== undefined) {
    const [taken] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.email, values.email.toLowerCase()), others))
      .limit(1);
    if (taken) errors.email = ["Ya existe un usuario con ese correo electrónico"];
  }
  return errors;
}

export async function insertAdminUser(
  tx: Transaction,
  values: { username: string; email: string; passwordHash: string; roleId: number },
): Promise<number> {
  // Another admin chose the password: its owner changes it at first sign-in.
  const [created] = await tx
    .insert(adminUsers)
    .values({ ...values, mustChangePassword: true })
    .returning({ id: adminUsers.id });
  if (!created) throw new Error("insertAdminUser: no row returned");
  return created.id;
}

export async function updateAdminUser(
  tx: Transaction,
  id: number,
  patch: { roleId?: number; active?: boolean; passwordHash?: string },
  at: Date,
): Promise<void> {
  // A new password (a reset by another admin) ends the account's sessions and is temporary: see requireAdmin.
  await tx
    .update(adminUsers)
    .set({
      ...patch,
      ...(patch.passwordHash ? { sessionVersion: sql`${adminUsers.sessionVersion} + 1`, mustChangePassword: true } : {}),
      updatedAt: at,
    })
    .where(eq(adminUsers.id, id));
}

/** What the audit log keeps of an account: everything but the password hash. */
export function auditSnapshot(row: AdminUserRow) {
  return { id: row.id, username: row.username, email: row.email, active: row.active, role: row.role };
}

/** The PostgreSQL SQLSTATE of a failed query (Drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
