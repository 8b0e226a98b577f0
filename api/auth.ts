// Who is calling: bearer-token guards for admin and visitor endpoints, the caller's address, and
// the credential check shared by both login endpoints (rate limit, constant-ish timing, audit).
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "./env";
import { findAdminOfToken, findUserOfToken, markLoginAttemptSucceeded, reserveLoginAttempt, type AdminAccount } from "./db/accounts.repo";
import { callMayWrite, readAccountOnce } from "./account-reads";
import { writeAudit, type AuditWrite } from "./db/audit";
import { hashPassword, verifyPassword } from "./domain/password";
import { hasPermission, isPermissionName, PERMISSION_NAMES, type PermissionName } from "./domain/permissions";
import { verifyToken, type TokenClaims, type TokenKind } from "./domain/tokens";
import { ApiProblem } from "./http";
import { giveBackAddressHit, limitAddress, waitText, type RateLimitName } from "./limits";
import type { AdminPrincipal, UserPrincipal } from "./principal";
import { clientIp, type RequestContext } from "./request";

export const UNAUTHORIZED_MESSAGE = "Sesión no válida o caducada";
export const FORBIDDEN_MESSAGE = "No tienes permisos para realizar esta accion";
export const BEYOND_OWN_PERMISSIONS_MESSAGE = "No puedes conceder ni gestionar permisos que tú no tienes";
export const BAD_CREDENTIALS_MESSAGE = "Correo electrónico o contraseña incorrectos";
/** The 429 of the per-e-mail sign-in lock, with the wait its Retry-After gives. */
export const tooManyAttemptsMessage = (seconds: number) => `Demasiados intentos con este correo. Inténtelo de nuevo en ${waitText(seconds)}.`;

/** The `security` of a createRoute that needs `Authorization: Bearer <token>`. */
export const BEARER_SECURITY = [{ bearerAuth: [] as string[] }];

/**
 * The `security` of a createRoute anyone may call without a token: none, said out loud, so that a
 * reader of the document (and documentedRoute) tells a public operation from a forgotten one.
 */
export const PUBLIC_SECURITY: Array<Record<string, string[]>> = [];

function bearerToken(c: RequestContext): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
  return match?.[1] ?? null;
}

const unauthorized = () => new ApiProblem(401, UNAUTHORIZED_MESSAGE);

function subjectId(claims: TokenClaims): number | null {
  if (!/^[1-9]\d{0,9}$/.test(claims.sub)) return null;
  const id = Number(claims.sub);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/**
 * Verified claims of the given kind, with the account id; null otherwise. Whether the token was
 * revoked is read with the account (findAdminOfToken, findUserOfToken: one statement).
 */
function authenticate(c: Parameters<MiddlewareHandler<ApiEnv>>[0], kind: TokenKind) {
  const token = bearerToken(c);
  if (!token) return null;
  const { jwtSecret, now } = c.var.deps;
  const claims = verifyToken(token, jwtSecret, now());
  if (!claims || claims.kind !== kind) return null;
  const id = subjectId(claims);
  if (id === null) return null;
  return { claims, id };
}

/** The role's permissions as the full catalogue of booleans (only `true` entries grant). */
export function permissionMap(permissions: Record<string, boolean>): Record<PermissionName, boolean> {
  return Object.fromEntries(PERMISSION_NAMES.map((name) => [name, hasPermission(permissions, name)])) as Record<PermissionName, boolean>;
}

export function adminPrincipal(account: AdminAccount, claims: Pick<TokenClaims, "jti" | "exp">): AdminPrincipal {
  return {
    kind: "admin",
    id: account.id,
    username: account.username,
    email: account.email,
    mustChangePassword: account.mustChangePassword,
    roleId: account.role.id,
    roleName: account.role.name,
    permissions: permissionMap(account.role.permissions),
    jti: claims.jti,
    exp: claims.exp,
  };
}

/**
 * Guard of an admin endpoint: a valid admin token whose id is not revoked, signed with the
 * account's current session version (a password change or reset moves it), of an account that still exists and is active (checked on
 * every request, so deactivation and a password reset are immediate), and, when given, the
 * permission. 401 otherwise, or 403 when only the permission is missing.
 * `readsOnly`: the endpoint is a POST that writes nothing, so it shares the web request's account read as a GET does.
 */
export function requireAdmin(
  permission?: PermissionName,
  opts: { temporaryPasswordAllowed?: boolean; also?: PermissionName; readsOnly?: boolean } = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const auth = authenticate(c, "admin");
    if (!auth) throw unauthorized();
    const account = await readAccountOnce(c.env, callMayWrite(c.req.method, opts.readsOnly), `admin:${auth.id}:${auth.claims.jti}`, () =>
      findAdminOfToken(c.var.deps.db, auth.id, auth.claims.jti),
    );
    if (!account || !account.active || auth.claims.ver !== account.sessionVersion) throw unauthorized();
    // A password another admin chose (a new account, a reset) opens nothing until its owner changes it.
    if (account.mustChangePassword && !opts.temporaryPasswordAllowed) throw new ApiProblem(403, TEMPORARY_PASSWORD_MESSAGE);
    c.set("admin", adminPrincipal(account, auth.claims));
    if (permission && !hasPermission(account.role.permissions, permission)) throw new ApiProblem(403, FORBIDDEN_MESSAGE);
    if (opts.also && !hasPermission(account.role.permissions, opts.also)) throw new ApiProblem(403, FORBIDDEN_MESSAGE);
    await next();
  };
}

export const TEMPORARY_PASSWORD_MESSAGE = "Debe cambiar la contraseña temporal antes de continuar";

/**
 * Guard of a visitor endpoint: a valid, unrevoked visitor token of an existing, active account, signed with its current session version.
 * `readsOnly`: the endpoint is a POST that writes nothing (a price asked with a body), so it shares the web request's account read as a GET does.
 */
export function requireUser(opts: { readsOnly?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const auth = authenticate(c, "user");
    if (!auth) throw unauthorized();
    const user = await readAccountOnce(c.env, callMayWrite(c.req.method, opts.readsOnly), `user:${auth.id}:${auth.claims.jti}`, () =>
      findUserOfToken(c.var.deps.db, auth.id, auth.claims.jti),
    );
    // A password change or reset moves the session version: the account's older tokens stop.
    if (!user || !user.active || auth.claims.ver !== user.sessionVersion) throw unauthorized();
    const principal: UserPrincipal = {
      kind: "user",
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      jti: auth.claims.jti,
      exp: auth.claims.exp,
    };
    c.set("user", principal);
    await next();
  };
}

/** The admin set by requireAdmin; throws when a route forgot the guard. */
export function currentAdmin(c: { var: { admin?: AdminPrincipal } }): AdminPrincipal {
  if (!c.var.admin) throw new Error("No admin on this request: is requireAdmin on the route?");
  return c.var.admin;
}

/** The visitor set by requireUser; throws when a route forgot the guard. */
export function currentUser(c: { var: { user?: UserPrincipal } }): UserPrincipal {
  if (!c.var.user) throw new Error("No user on this request: is requireUser on the route?");
  return c.var.user;
}

// An unknown email still costs one scrypt verification, so response time does not reveal
// whether an account exists.
let dummyHash: Promise<string> | undefined;
async function verifyAgainst(password: string, hash: string | null): Promise<boolean> {
  if (hash) return verifyPassword(password, hash);
  dummyHash ??= hashPassword("cotiza-no-such-account");
  await verifyPassword(password, await dummyHash);
  return false;
}

type CredentialAccount = { id: number; email: string; passwordHash: string; active: boolean };

/**
 * Checks a login: 429 once the address has used up its sign-in limit (`addressLimit`, failures
 * across any e-mails: api/limits.ts; a right password gives its hit back), or once the email and
 * address have 5 failures in 15 minutes (even with the right password), else the same 401 for an unknown email, a wrong password or an inactive
 * account. Every refusal leaves a login attempt and an audit row. Returns the account on success.
 */
export async function checkCredentials<A extends CredentialAccount>(
  c: RequestContext & { var: { deps: ApiEnv["Variables"]["deps"] } },
  opts: {
    email: string;
    password: string;
    account: A | null;
    kind: TokenKind;
    /** The per-address limit of this sign-in (the login routes; not a password change). */
    addressLimit?: RateLimitName;
    /** Who and what the audit row of a refusal names; by default an anonymous failed login. */
    failureAudit?: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "action">;
  },
): Promise<A> {
  const { db, now } = c.var.deps;
  const ip = clientIp(c);
  const at = now();
  const failure: AuditWrite = {
    actorType: "anonymous",
    actorLabel: opts.email,
    action: opts.kind === "admin" ? "admin.login_failed" : "user.login_failed",
    ...opts.failureAudit,
    entity: opts.kind === "admin" ? "admin_user" : "user",
    entityId: opts.account?.id ?? null,
  };

  let addressKey: string | null = null;
  if (opts.addressLimit) {
    try {
      addressKey = await limitAddress(c, opts.addressLimit);
    } catch (error) {
      // Refused before the password was checked: not counted, still audited.
      if (error instanceof ApiProblem) await writeAudit(db, { ...failure, ip, at, after: { reason: "too_many_attempts_from_address" } });
      throw error;
    }
  }
  const giveBack = async () => {
    if (opts.addressLimit && addressKey) await giveBackAddressHit(c, opts.addressLimit, addressKey);
  };

  const reserved = await reserveLoginAttempt(db, { email: opts.email, ip, at });
  if ("retryAfterMs" in reserved) {
    await giveBack();
    // Not counted as an attempt (the password was not checked), so the block lifts when the fifth
    // most recent real failure is 15 minutes old; still audited. Retry-After says when.
    await writeAudit(db, { ...failure, ip, at, after: { reason: "too_many_attempts" } });
    const seconds = Math.ceil(reserved.retryAfterMs / 1000);
    throw new ApiProblem(429, tooManyAttemptsMessage(seconds), undefined, { "Retry-After": String(seconds) });
  }
  const attemptId = reserved.attemptId;

  const passwordOk = await verifyAgainst(opts.password, opts.account?.passwordHash ?? null);
  if (!opts.account || !passwordOk || !opts.account.active) {
    const reason = !opts.account ? "unknown_email" : !passwordOk ? "wrong_password" : "inactive_account";
    // The booked attempt stays a failure.
    await writeAudit(db, { ...failure, ip, at, after: { reason } });
    throw new ApiProblem(401, BAD_CREDENTIALS_MESSAGE);
  }
  await markLoginAttemptSucceeded(db, attemptId);
  await giveBack();
  return opts.account;
}

/**
 * The permissions a map grants that the acting admin does not hold. Nobody may hand out (through
 * a role or an account) more than they have themselves, or users:write / roles:write would be a
 * way to become superadmin.
 */
export function permissionsBeyond(actor: AdminPrincipal, granted: Record<string, boolean>): string[] {
  return Object.keys(granted).filter((name) => granted[name] === true && !(isPermissionName(name) && hasPermission(actor.permissions, name)));
}

export function assertWithinOwnPermissions(actor: AdminPrincipal, ...maps: Record<string, boolean>[]): void {
  const beyond = [...new Set(maps.flatMap((m) => permissionsBeyond(actor, m)))];
  if (beyond.length > 0) throw new ApiProblem(403, BEYOND_OWN_PERMISSIONS_MESSAGE, { permissions: [`Sin permiso propio: ${beyond.join(", ")}`] });
}
