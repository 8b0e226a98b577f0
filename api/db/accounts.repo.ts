// Data access for signing in: admin users with their role, visitor users, revoked tokens and
// login attempts. Every write that a person's session depends on (sign-in success or failure,
// registration, logout, password change) commits together with its audit row.
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from "drizzle-orm";
import { writeAudit, type AuditWrite } from "./audit";
import type { Database, DbOrTx } from "./client";
import { adminUsers, clients, loginAttempts, passwordResetTokens, revokedTokens, roles, users, type PermissionMap, type User } from "./schema";

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
  /** Another admin chose the password: nothing but changing it until then (requireAdmin). */
  mustChangePassword: boolean;
  role: { id: number; name: string; permissions: PermissionMap };
};

const adminColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  email: adminUsers.email,
  passwordHash: adminUsers.passwordHash,
  active: adminUsers.active,
  sessionVersion: adminUsers.sessionVersion,
  mustChangePassword: adminUsers.mustChangePassword,
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
    mustChangePassword: row.mustChangePassword,
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
 * Books a sign-in attempt before the password is checked: how long to wait when this email and
 * address have used up their failures in the current window, else the id of an attempt row that counts as a
 * failure until markLoginAttemptSucceeded. Counting and booking happen under a lock per email, so
 * a burst of concurrent guesses gets the same 5 tries as a sequence (the slow password check
 * runs outside any transaction).
 */
export async function reserveLoginAttempt(
  db: Database,
  opts: { email: string; ip: string | null; at: Date },
): Promise<{ attemptId: number } | { retryAfterMs: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${opts.email}`}))`);
    const since = new Date(opts.at.getTime() - LOGIN_FAILURE_WINDOW_MS);
    if ((await countLoginFailures(tx, { email: opts.email, ip: opts.ip, since })) >= MAX_LOGIN_FAILURES) {
      // The block lifts when the fifth most recent failure leaves the window (Retry-After).
      const recent = await tx
        .select({ at: loginAttempts.at })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.email, opts.email),
            opts.ip === null ? isNull(loginAttempts.ip) : eq(loginAttempts.ip, opts.ip),
            eq(loginAttempts.success, false),
            gte(loginAttempts.at, since),
          ),
        )
        .orderBy(desc(loginAttempts.at))
        .limit(MAX_LOGIN_FAILURES);
      const fifth = recent[MAX_LOGIN_FAILURES - 1]?.at ?? opts.at;
      return { retryAfterMs: Math.max(1000, fifth.getTime() + LOGIN_FAILURE_WINDOW_MS - opts.at.getTime()) };
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email: opts.email, ip: opts.ip, at: opts.at, success: false })
      .returning({ id: loginAttempts.id });
    return { attemptId: row!.id };
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
      .values({
        name: opts.name,
        email: opts.email,
        passwordHash: opts.passwordHash,
        role: "user",
        createdAt: opts.at,
        updatedAt: opts.at,
        lastLoginAt: opts.at,
      })
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

/**
 * Sets a new password chosen by the account's owner, ends its other sessions (a new session
 * version) and records it; answers the new session version, for the token that goes on.
 */
export async function changeOwnPassword(
  db: Database,
  opts: {
    kind: "admin" | "user";
    id: number;
    passwordHash: string;
    actor: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;
    at: Date;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] =
      opts.kind === "admin"
        ? await tx
            .update(adminUsers)
            // Chosen by its owner: no longer a temporary password.
            .set({
              passwordHash: opts.passwordHash,
              sessionVersion: sql`${adminUsers.sessionVersion} + 1`,
              mustChangePassword: false,
              updatedAt: opts.at,
            })
            .where(eq(adminUsers.id, opts.id))
            .returning({ sessionVersion: adminUsers.sessionVersion })
        : await tx
            .update(users)
            .set({ passwordHash: opts.passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: opts.at })
            .where(eq(users.id, opts.id))
            .returning({ sessionVersion: users.sessionVersion });
    if (!row) throw new Error(`changeOwnPassword: ${opts.kind} ${opts.id} not found`);
    await writeAudit(tx, {
      ...opts.actor,
      action: opts.kind === "admin" ? "admin.password_changed" : "user.password_changed",
      entity: opts.kind === "admin" ? "admin_user" : "user",
      entityId: opts.id,
      at: opts.at,
      after: { passwordChangedAt: opts.at.toISOString() },
    });
    return row.sessionVersion;
  });
}

// ─── Forgotten passwords (visitors) ──────────────────────────────────────────────────────

/** Links one account may be sent per hour; more requests answer the same and send nothing. */
export const MAX_RESET_LINKS_PER_HOUR = 3;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** Stores a reset link's hash unless the account already had MAX_RESET_LINKS_PER_HOUR this hour; false then. */
export async function storePasswordResetToken(db: Database, opts: { userId: number; tokenHash: string; at: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One request at a time per account, so the hourly cap holds under concurrency.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password-reset:${opts.userId}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, opts.userId), gte(passwordResetTokens.createdAt, new Date(opts.at.getTime() - 60 * 60 * 1000))));
    if ((recent?.n ?? 0) >= MAX_RESET_LINKS_PER_HOUR) return false;
    await tx.insert(passwordResetTokens).values({
      userId: opts.userId,
      tokenHash: opts.tokenHash,
      expiresAt: new Date(opts.at.getTime() + RESET_LINK_LIFETIME_MS),
      createdAt: opts.at,
    });
    // Old links are of no use to anyone: drop those past their hour.
    await tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(opts.at.getTime() - 24 * 60 * 60 * 1000)));
    return true;
  });
}

/** The active account a reset link belongs to, while the link is unused and in its hour; else null. */
export async function findUserOfResetToken(db: DbOrTx, tokenHash: string, at: Date): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
        eq(users.active, true),
      ),
    );
  return row?.user ?? null;
}

/**
 * Uses a reset link: sets the password, ends every session of the account and every other link
 * it has. The link is taken by one conditional update, so of two simultaneous uses one wins.
 * Null when the link is unknown, used or expired.
 */
export async function resetPasswordWithToken(
  db: Database,
  opts: { tokenHash: string; passwordHash: string; ip: string | null; at: Date },
): Promise<User | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: opts.at })
      .where(and(eq(passwordResetTokens.tokenHash, opts.tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, opts.at)))
      .returning({ userId: passwordResetTokens.userId });
    if (!taken) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash: opts.passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: opts.at })
      .where(and(eq(users.id, taken.userId), eq(users.active, true)))
      .returning();
    if (!user) return null;
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: opts.at })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await writeAudit(tx, {
      actorType: "user",
      actorId: user.id,
      actorLabel: user.email,
      action: "user.password_reset",
      entity: "user",
      entityId: user.id,
      ip: opts.ip,
      at: opts.at,
      after: { passwordChangedAt: opts.at.toISOString(), otherSessionsEnded: true },
    });
    return user;
  });
}

// ─── The customer's profile ──────────────────────────────────────────────────────────────

/**
 * Changes the account's name and telephone. The telephone is also the contact telephone of the
 * policyholder records linked to the account, so staff reach the customer where they now answer;
 * the policyholder's name is legal data of the policies and is not touched.
 */
export async function updateUserProfile(
  db: Database,
  opts: { userId: number; name: string; phone: string | null | undefined; ip: string | null; at: Date },
): Promise<User> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, opts.userId)).for("update");
    if (!before) throw new Error(`updateUserProfile: user ${opts.userId} not found`);
    const patch = { name: opts.name, ...(opts.phone !== undefined ? { phone: opts.phone } : {}), updatedAt: opts.at };
    const [user] = await tx.update(users).set(patch).where(eq(users.id, opts.userId)).returning();
    if (opts.phone) await tx.update(clients).set({ phone: opts.phone, updatedAt: opts.at }).where(eq(clients.userId, opts.userId));
    await writeAudit(tx, {
      actorType: "user",
      actorId: opts.userId,
      actorLabel: before.email,
      action: "user.profile_updated",
      entity: "user",
      entityId: opts.userId,
      ip: opts.ip,
      at: opts.at,
      before: { name: before.name, phone: before.phone },
      after: { name: user!.name, phone: user!.phone },
    });
    return user!;
  });
}
