// The administration API over real HTTP, shared by the tests/integration/admin-*.test.ts files:
// one server on a fresh database per file (setUpAdminApi registers the hooks), the seeded
// superadmin signed in, and helpers to call the API and create roles and users.
//
// `database`, `server`, `superToken` and `seededAdminId` are live bindings: set by the
// beforeAll that setUpAdminApi registers, read by the tests afterwards.
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { auditLog, clients, type NewClient } from "../../api/db/schema";
import { PERMISSION_NAMES, type PermissionName } from "../../api/domain/permissions";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "./db";
import { startTestServer } from "./server";
import type { Clock } from "../../platform/clock";
import type { DocumentStore } from "../../api/services/document-store/store";

export const FORBIDDEN = { error: "No tienes permisos para realizar esta accion" };
export const PASSWORD = "Clave-Segura-2026!";

export let database: DatabaseHandle;
export let server: Awaited<ReturnType<typeof startTestServer>>;

type CallOptions = { token?: string | null; body?: unknown; headers?: Record<string, string> };

export async function call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  // A FormData body goes as multipart (fetch sets the type and boundary); anything else as JSON.
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers["content-type"] = "application/json";
  return fetch(`${server.url}/api${path}`, {
    method: method.toUpperCase(),
    headers,
    body: opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
}

export async function json<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions & { status?: number } = {}): Promise<T> {
  const response = await call(method, path, opts);
  const text = await response.text();
  if (opts.status !== undefined && response.status !== opts.status) {
    throw new Error(`${method.toUpperCase()} ${path}: expected ${opts.status}, got ${response.status} ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export async function login(email: string, password = PASSWORD): Promise<string> {
  const answer = await json<{ token: string }>("post", "/admin/auth/login", { body: { email, password }, status: 200 });
  return answer.token;
}

export let superToken: string;
export let seededAdminId: number;
let counter = 0;
export const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

export type RoleAnswer = {
  id: number;
  name: string;
  description: string;
  permissions: Record<string, boolean>;
  isSystem: boolean;
  userCount: number;
};
export type UserAnswer = {
  id: number;
  username: string;
  email: string;
  active: boolean;
  role: { id: number; name: string };
  lastLoginAt: string | null;
  createdAt: string;
};
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export async function createRole(permissions: Partial<Record<PermissionName, boolean>>, name = unique("rol")): Promise<RoleAnswer> {
  return json<RoleAnswer>("post", "/admin/roles", { token: superToken, body: { name, description: "Rol de prueba", permissions }, status: 201 });
}

/** The password an admin chooses for a new account: temporary, changed at first sign-in. */
export const TEMPORARY_PASSWORD = "Temporal-Elegida-2026!";

/**
 * A new staff account that has already replaced its temporary password with PASSWORD, as its
 * owner does at first sign-in (until then the API opens nothing else).
 */
export async function createUser(roleId: number, username = unique("u")): Promise<UserAnswer> {
  const user = await json<UserAnswer>("post", "/admin/users", {
    token: superToken,
    body: { username, email: `${username}@cotiza.test`, password: TEMPORARY_PASSWORD, roleId },
    status: 201,
  });
  const temporary = await login(user.email, TEMPORARY_PASSWORD);
  await json("post", "/admin/auth/change-password", {
    token: temporary,
    body: { currentPassword: TEMPORARY_PASSWORD, newPassword: PASSWORD },
    status: 200,
  });
  return user;
}

/** A new account in a new role with exactly these permissions, signed in. */
export async function adminWith(permissions: Partial<Record<PermissionName, boolean>>) {
  const role = await createRole(permissions);
  const user = await createUser(role.id);
  return { role, user, token: await login(user.email) };
}

export const allPermissions = (value = true) => Object.fromEntries(PERMISSION_NAMES.map((name) => [name, value])) as Record<PermissionName, boolean>;

export async function auditRows(action: string, entityId: number | string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));
}

export async function auditCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/**
 * Starts the server on a fresh database before the file's tests and signs the seeded superadmin in.
 * `now`: the API's clock, for a file that moves it (its tokens expire by that clock too);
 * `publicBaseUrl`: the site's address, for the links in e-mails.
 */
export function setUpAdminApi(opts: { now?: Clock; publicBaseUrl?: string; documents?: DocumentStore } = {}): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, now: opts.now, publicBaseUrl: opts.publicBaseUrl, documents: opts.documents });
    superToken = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const me = await json<{ id: number }>("get", "/admin/auth/me", { token: superToken, status: 200 });
    seededAdminId = me.id;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });
}

/** A client row written straight into the database (a prospect: no account, no policies). */
export async function insertClient(values: Partial<NewClient> = {}): Promise<number> {
  const [row] = await database.db
    .insert(clients)
    .values({ name: unique("Cliente de prueba"), stage: "prospecto", ...values })
    .returning({ id: clients.id });
  return row!.id;
}
