// Data access for signing in: admin users with their role, visitor users, revoked tokens and
// login attempts. Every write that a person's session depends on (sign-in success or failure,
// registration, logout, password change) commits together with its audit row.
import { and, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { writeAudit, type AuditWrite } from "./audit";
import type { Database, DbOrTx } from "./client";
import { adminUsers, loginAttempts, revokedTokens, roles, users, type PermissionMap, type User } from "./schema";

/** Failures for one email from one address within the window, after which login answers 429. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type AdminAccount = {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  active: boolean;
  /** Only tokens carrying this version count (see adminUsers.sessionVersion). */
  sessionVersion: number;
  role: { id: number; name: string; permissions: PermissionMap };
};

const adminColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  passwordHash: adminUsers.passwordHash,
  active: adminUsers.active,
  sessionVersion: adminUsers.sessionVersion,
  roleId: roles.id,
  roleName: roles.name,
  rolePermissions: roles.permissions,
};

type AdminJoinRow = { [K in keyof typeof adminColumns]: (typeof adminColumns)[K]["_"]["data"] };

function toAdminAccount(row: AdminJoinRow): AdminAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.passwordHash,
    active: row.active,
    sessionVersion: row.sessionVersion,
    role: { id: row.roleId, name: row.roleName, permissions: row.rolePermissions ?? {} },
  };
}

export async function findAdminByEmail(db: DbOrTx, email: string): Promise<AdminAccount | null> {
  const [row] = await db
    .select(adminColumns)
    .from(adminUsers)
    .innerJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(eq(adminUsers.email, email.trim().toLowerCase()));
  return row ? toAdminAccount(row) : null;
}

export async function findAdminById(db: DbOrTx, id: number): Promise<AdminAccount | null> {
  const [row] = await db.select(adminColumns).from(adminUsers).innerJoin(roles, eq(roles.id, adminUsers.roleId)).where(eq(adminUsers.id, id));
  return row ? toAdminAccount(row) : null;
}

// ─── The guard of every authenticated API request ──────────────────────────────────────────
// The account of a token and whether the token was revoked, in one prepared statement (planned
// once per connection): every admin page made four round trips to the database for this (the
// identity call and the list's call, two statements each), more than its list did.

function buildTokenStatements(db: Database) {
  const revoked = sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder("jti")})`;
  return {
    admin: db
      .select({ ...adminColumns, revoked })
      .from(adminUsers)
      .innerJoin(roles, eq(roles.id, adminUsers.roleId))
      .where(eq(adminUsers.id, sql.placeholder("id")))
      .prepare("auth_admin_of_token"),
    user: db
      .select({ user: users, revoked })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare("auth_user_of_token"),
  };
}

const tokenStatements = new WeakMap<Database, ReturnType<typeof buildTokenStatements>>();

function preparedTokenStatements(db: Database) {
  let statements = tokenStatements.get(db);
  if (!statements) {
    statements = buildTokenStatements(db);
    tokenStatements.set(db, statements);
  }
  return statements;
}

/** The admin account `id` with its role, unless token `jti` was revoked (then, or without it: null). */
export async function findAdminOfToken(db: Database, id: number, jti: string): Promise<AdminAccount | null> {
  const [row] = await preparedTokenStatements(db).admin.execute({ id, jti });
  return row && !row.revoked ? toAdminAccount(row) : null;
}

/** The visitor account `id`, unless token `jti` was revoked (then, or without it: null). */
export async function findUserOfToken(db: Database, id: number, jti: string): Promise<User | null> {
  const [row] = await preparedTokenStatements(db).user.execute({ id, jti });
  return row && !row.revoked ? row.user : null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** Failed attempts for this email from this address since `since`. */
export async function countLoginFailures(db: DbOrTx, opts: { email: string; ip: string | null; since: Date }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, opts.email),
        opts.ip === null ? isNull(loginAttempts.ip) : eq(loginAttempts.ip, opts.ip),
        eq(loginAttempts.success, false),
        gte(loginAttempts.at, opts.since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Books a sign-in attempt before the password is checked: null when this email and address have
 * used up their failures in the current window, else the id of an attempt row that counts as a
 * failure until markLoginAttemptSucceeded. Counting and booking happen under a lock per email, so
 * a burst of concurrent guesses gets the same 5 tries as a sequence (the slow password check
 * runs outside any transaction).
 */
export async function reserveLoginAttempt(db: Database, opts: { email: string; ip: string | null; at: Date }): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${opts.email}`}))`);
    const since = new Date(opts.at.getTime() - LOGIN_FAILURE_WINDOW_MS);
    if ((await countLoginFailures(tx, { email: opts.email, ip: opts.ip, since })) >= MAX_LOGIN_FAILURES) return null;
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email: opts.email, ip: opts.ip, at: opts.at, success: false })
      .returning({ id: loginAttempts.id });
    return row!.id;
  });
}

/** The booked attempt turned out right: it no longer counts as a failure. */
export async function markLoginAttemptSucceeded(db: DbOrTx, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

type SignIn = { id: number; email: string; ip: string | null; at: Date; jti: string; exp: number };

const sessionAfter = (s: SignIn) => ({ tokenId: s.jti, expiresAt: new Date(s.exp * 1000).toISOString() });

/** A successful staff sign-in (its attempt row is booked by checkCredentials): the last-login time and the audit row. */
export async function recordAdminSignIn(db: Database, signIn: SignIn): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ lastLoginAt: signIn.at }).where(eq(adminUsers.id, signIn.id));
    await writeAudit(tx, {
      actorType: "admin",
      actorId: signIn.id,
      actorLabel: signIn.email,
      action: "admin.login",
      entity: "admin_user",
      entityId: signIn.id,
      ip: signIn.ip,
      at: signIn.at,
      after: sessionAfter(signIn),
    });
  });
}

/** A successful visitor sign-in (its attempt row is booked by checkCredentials): the last-login time and the audit row. */
export async function recordUserSignIn(db: Database, signIn: SignIn): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: signIn.at }).where(eq(users.id, signIn.id));
    await writeAudit(tx, {
      actorType: "user",
      actorId: signIn.id,
      actorLabel: signIn.email,
      action: "user.login",
      entity: "user",
      entityId: signIn.id,
      ip: signIn.ip,
      at: signIn.at,
      after: sessionAfter(signIn),
    });
  });
}

/**
 * Creates a visitor account with its audit row; null when the email is already registered
 * (the unique index decides, so two simultaneous registrations cannot both succeed).
 */
export async function createUser(
  db: Database,
  opts: { name: string; email: string; passwordHash: string; ip: string | null; at: Date },
): Promise<User | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ name: opts.name, email: opts.email, passwordHash: opts.passwordHash, role: "user", createdAt: opts.at, updatedAt: opts.at, lastLoginAt: opts.at })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return null;
    await writeAudit(tx, {
      actorType: "user",
      actorId: user.id,
      actorLabel: user.email,
      action: "user.register",
      entity: "user",
      entityId: user.id,
      ip: opts.ip,
      at: opts.at,
      after: { name: user.name, email: user.email, role: user.role },
    });
    return user;
  });
}

/**
 * Logout: the token id is refused from now on. Revocations of tokens already past their `exp`
 * are deleted on the way (an expired token is refused anyway), so the table holds at most the
 * tokens of the last token lifetime.
 */
export async function revokeToken(
  db: Database,
  opts: { kind: "admin" | "user"; jti: string; exp: number; actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(revokedTokens)
      .values({ jti: opts.jti, expiresAt: new Date(opts.exp * 1000), revokedAt: opts.at })
      .onConflictDoNothing({ target: revokedTokens.jti });
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, opts.at));
    await writeAudit(tx, {
      ...opts.actor,
      action: opts.kind === "admin" ? "admin.logout" : "user.logout",
      entity: opts.kind === "admin" ? "admin_user" : "user",
      entityId: opts.actor.actorId,
      at: opts.at,
      after: { tokenId: opts.jti },
    });
  });
}

/** Sets a new password hash for a staff account, ends its sessions and records who did it; answers the new session version. */
export async function changeAdminPassword(
  db: Database,
  opts: { adminId: number; passwordHash: string; actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">; at: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    // A new session version ends every token the account holds; the caller signs a new one.
    const [row] = await tx
      .update(adminUsers)
      .set({ passwordHash: opts.passwordHash, sessionVersion: sql`${adminUsers.sessionVersion} + 1`, updatedAt: opts.at })
      .where(eq(adminUsers.id, opts.adminId))
      .returning({ sessionVersion: adminUsers.sessionVersion });
    await writeAudit(tx, {
      ...opts.actor,
      action: "admin.password_changed",
      entity: "admin_user",
      entityId: opts.adminId,
      at: opts.at,
      after: { passwordChangedAt: opts.at.toISOString() },
    });
    if (!row) throw new Error(`changeAdminPassword: admin ${opts.adminId} not found`);
    return row.sessionVersion;
  });
}
