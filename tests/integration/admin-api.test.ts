// The administration API over real HTTP: the endpoint → permission table against the OpenAPI
// document, the guard of every admin endpoint (401 / 401 / 403 / 2xx), and the behaviour of
// users, roles, permissions, audit log and dashboard.
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { adminUsers, auditLog, clients, policies, quotes } from "../../api/db/schema";
import { PERMISSION_NAMES, PERMISSIONS, type PermissionName } from "../../api/domain/permissions";
import { ADMIN_ENDPOINTS } from "../../api/routes/admin-endpoints";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { startTestServer } from "../support/server";

const FORBIDDEN = { error: "No tienes permisos para realizar esta accion" };
const PASSWORD = "Clave-Segura-2026!";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;

type CallOptions = { token?: string | null; body?: unknown; headers?: Record<string, string> };

async function call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}/api${path}`, {
    method: method.toUpperCase(),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

async function json<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions & { status?: number } = {}): Promise<T> {
  const response = await call(method, path, opts);
  const text = await response.text();
  if (opts.status !== undefined && response.status !== opts.status) {
    throw new Error(`${method.toUpperCase()} ${path}: expected ${opts.status}, got ${response.status} ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

async function login(email: string, password = PASSWORD): Promise<string> {
  const answer = await json<{ token: string }>("post", "/admin/auth/login", { body: { email, password }, status: 200 });
  return answer.token;
}

let superToken: string;
let seededAdminId: number;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

type RoleAnswer = { id: number; name: string; description: string; permissions: Record<string, boolean>; isSystem: boolean; userCount: number };
type UserAnswer = { id: number; username: string; email: string; active: boolean; role: { id: number; name: string }; lastLoginAt: string | null; createdAt: string };
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

async function createRole(permissions: Partial<Record<PermissionName, boolean>>, name = unique("rol")): Promise<RoleAnswer> {
  return json<RoleAnswer>("post", "/admin/roles", { token: superToken, body: { name, description: "Rol de prueba", permissions }, status: 201 });
}

async function createUser(roleId: number, username = unique("u")): Promise<UserAnswer> {
  return json<UserAnswer>("post", "/admin/users", {
    token: superToken,
    body: { username, email: `${username}@cotiza.test`, password: PASSWORD, roleId },
    status: 201,
  });
}

/** A new account in a new role with exactly these permissions, signed in. */
async function adminWith(permissions: Partial<Record<PermissionName, boolean>>) {
  const role = await createRole(permissions);
  const user = await createUser(role.id);
  return { role, user, token: await login(user.email) };
}

const allPermissions = (value = true) => Object.fromEntries(PERMISSION_NAMES.map((name) => [name, value])) as Record<PermissionName, boolean>;

async function auditRows(action: string, entityId: number | string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));
}

async function auditCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database });
  superToken = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  const me = await json<{ id: number }>("get", "/admin/auth/me", { token: superToken, status: 200 });
  seededAdminId = me.id;
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

// ─── (1) The table and the OpenAPI document list the same admin endpoints ───────────────────

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe("la tabla ADMIN_ENDPOINTS", () => {
  it("lista exactamente las operaciones /admin del documento OpenAPI (salvo el inicio de sesión)", async () => {
    const doc = await json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>("get", "/openapi.json", { status: 200 });
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/admin"))
      .flatMap(([path, item]) => Object.keys(item).filter((m) => HTTP_METHODS.has(m)).map((m) => keyOf(m, path)))
      .filter((key) => key !== "POST /admin/auth/login");
    const listed = ADMIN_ENDPOINTS.map((e) => keyOf(e.method, e.path));

    expect(new Set(listed).size, "una operación repetida en ADMIN_ENDPOINTS").toBe(listed.length);
    expect(documented.filter((k) => !listed.includes(k)), "documentadas pero no en ADMIN_ENDPOINTS").toEqual([]);
    expect(listed.filter((k) => !documented.includes(k)), "en ADMIN_ENDPOINTS pero no documentadas").toEqual([]);
    // The login stays public and out of the table.
    expect(doc.paths["/admin/auth/login"]?.post).toBeDefined();
    expect(listed).not.toContain("POST /admin/auth/login");

    // Every guarded operation says so in the document.
    for (const e of ADMIN_ENDPOINTS) expect(doc.paths[e.path]?.[e.method]?.security, keyOf(e.method, e.path)).toEqual([{ bearerAuth: [] }]);
  });

  it("pide a cada endpoint el permiso acordado", () => {
    // Written out here on purpose: a permission changed in the table has to be changed here too.
    expect(Object.fromEntries(ADMIN_ENDPOINTS.map((e) => [keyOf(e.method, e.path), e.permission]))).toEqual({
      "POST /admin/auth/logout": null,
      "POST /admin/auth/change-password": null,
      "GET /admin/auth/me": null,
      "GET /admin/dashboard": "dashboard:read",
      "GET /admin/users": "users:read",
      "POST /admin/users": "users:write",
      "GET /admin/users/{id}": "users:read",
      "PATCH /admin/users/{id}": "users:write",
      "GET /admin/roles": "roles:read",
      "POST /admin/roles": "roles:write",
      "GET /admin/roles/{id}": "roles:read",
      "PUT /admin/roles/{id}": "roles:write",
      "DELETE /admin/roles/{id}": "roles:write",
      "GET /admin/permissions": "roles:read",
      "GET /admin/audit": "audit:read",
      "GET /admin/audit/export": "audit:read",
    });
  });
});

// ─── (2) The guard of every admin endpoint ──────────────────────────────────────────────────

type Endpoint = (typeof ADMIN_ENDPOINTS)[number];
// Distributes over the union, so each key pairs one endpoint's method with its own path.
type KeyOf<E> = E extends { method: infer M extends string; path: infer P extends string } ? `${Uppercase<M>} ${P}` : never;
type EndpointKey = KeyOf<Endpoint>;

type Fixtures = {
  emptyRoleId: number;
  /** A user in a role with no permission at all (the target of user changes). */
  plainUserId: number;
  plainUserEmail: string;
};
/** The request that succeeds for an admin holding the endpoint's permission (and nothing else). */
type Call = { path: string; body?: unknown; expect: number; token?: string };

// A Record over every key of the table: an endpoint added there without a case here does not compile.
const CASES: Record<EndpointKey, (fx: Fixtures) => Promise<Call>> = {
  "POST /admin/auth/logout": async (fx) => ({ path: "/admin/auth/logout", expect: 204, token: await login(fx.plainUserEmail) }),
  "POST /admin/auth/change-password": async () => {
    const user = await createUser((await createRole({})).id);
    return {
      path: "/admin/auth/change-password",
      body: { currentPassword: PASSWORD, newPassword: "Otra-Clave-Muy-Larga-77" },
      expect: 200,
      token: await login(user.email),
    };
  },
  "GET /admin/auth/me": async () => ({ path: "/admin/auth/me", expect: 200 }),
  "GET /admin/dashboard": async () => ({ path: "/admin/dashboard", expect: 200 }),
  "GET /admin/users": async () => ({ path: "/admin/users?q=a&page=1&pageSize=5", expect: 200 }),
  "POST /admin/users": async (fx) => {
    const username = unique("nuevo");
    return { path: "/admin/users", body: { username, email: `${username}@cotiza.test`, password: PASSWORD, roleId: fx.emptyRoleId }, expect: 201 };
  },
  "GET /admin/users/{id}": async (fx) => ({ path: `/admin/users/${fx.plainUserId}`, expect: 200 }),
  "PATCH /admin/users/{id}": async (fx) => ({ path: `/admin/users/${fx.plainUserId}`, body: { active: true }, expect: 200 }),
  "GET /admin/roles": async () => ({ path: "/admin/roles", expect: 200 }),
  "POST /admin/roles": async () => ({ path: "/admin/roles", body: { name: unique("nuevo-rol"), description: "", permissions: {} }, expect: 201 }),
  "GET /admin/roles/{id}": async (fx) => ({ path: `/admin/roles/${fx.emptyRoleId}`, expect: 200 }),
  "PUT /admin/roles/{id}": async () => {
    const role = await createRole({});
    return { path: `/admin/roles/${role.id}`, body: { name: unique("renombrado"), description: "Nueva", permissions: {} }, expect: 200 };
  },
  "DELETE /admin/roles/{id}": async () => ({ path: `/admin/roles/${(await createRole({})).id}`, expect: 204 }),
  "GET /admin/permissions": async () => ({ path: "/admin/permissions", expect: 200 }),
  "GET /admin/audit": async () => ({ path: "/admin/audit?entity=role&page=1&pageSize=10", expect: 200 }),
  "GET /admin/audit/export": async () => ({ path: "/admin/audit/export?entity=role", expect: 200 }),
};

describe("la protección de cada endpoint de administración", () => {
  let fx: Fixtures;
  let visitorToken: string;
  /** For each permission: an admin holding only it, and one holding everything but it. */
  const onlyToken = new Map<PermissionName, string>();
  const allButToken = new Map<PermissionName, string>();
  let noPermissionToken: string;

  beforeAll(async () => {
    const emptyRole = await createRole({});
    const plain = await createUser(emptyRole.id);
    fx = { emptyRoleId: emptyRole.id, plainUserId: plain.id, plainUserEmail: plain.email };
    noPermissionToken = await login(plain.email);

    const email = `${unique("visitante")}@example.com`;
    const registered = await json<{ token: string }>("post", "/auth/register", {
      body: { name: "Visitante de Prueba", email, password: PASSWORD },
      status: 201,
    });
    visitorToken = registered.token;

    const needed = [...new Set(ADMIN_ENDPOINTS.map((e) => e.permission).filter((p): p is NonNullable<typeof p> => p !== null))];
    for (const permission of needed) {
      onlyToken.set(permission, (await adminWith({ [permission]: true })).token);
      allButToken.set(permission, (await adminWith({ ...allPermissions(), [permission]: false })).token);
    }
  });

  it("cada endpoint de la tabla tiene su caso de prueba", () => {
    for (const e of ADMIN_ENDPOINTS) expect(CASES[keyOf(e.method, e.path) as EndpointKey], keyOf(e.method, e.path)).toBeTypeOf("function");
  });

  for (const endpoint of ADMIN_ENDPOINTS) {
    const key = keyOf(endpoint.method, endpoint.path) as EndpointKey;
    const what = endpoint.permission ? `solo con ${endpoint.permission}` : "con cualquier sesión de administrador";
    it(`${key}: 401 sin token y con token de visitante, 403 sin el permiso, 2xx ${what}`, async () => {
      const request = await CASES[key](fx);
      const send = (token: string | null) => call(endpoint.method, request.path, { token, body: request.body });

      const anonymous = await send(null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "Sesión no válida o caducada" });
      expect((await send(visitorToken)).status).toBe(401);
      expect((await send(`${superToken.slice(0, -2)}xx`)).status).toBe(401);

      if (endpoint.permission) {
        const denied = await send(allButToken.get(endpoint.permission)!);
        expect(denied.status).toBe(403);
        expect(await denied.json()).toEqual(FORBIDDEN);
      }

      const token = request.token ?? (endpoint.permission ? onlyToken.get(endpoint.permission)! : noPermissionToken);
      const allowed = await send(token);
      expect(allowed.status, await allowed.clone().text()).toBe(request.expect);
    });
  }
});

// ─── (3) Behaviour ──────────────────────────────────────────────────────────────────────────

describe("usuarios del back office", () => {
  it("crea un usuario con su rol, lo lee y guarda el correo en minúsculas", async () => {
    const role = await createRole({ "dashboard:read": true });
    const username = unique("ana");
    const created = await json<UserAnswer>("post", "/admin/users", {
      token: superToken,
      body: { username: username.toUpperCase(), email: `${username.toUpperCase()}@Cotiza.TEST`, password: PASSWORD, roleId: role.id },
      status: 201,
    });
    expect(created).toMatchObject({ username, email: `${username}@cotiza.test`, active: true, role: { id: role.id, name: role.name }, lastLoginAt: null });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    expect(created).not.toHaveProperty("passwordHash");

    expect(await json("get", `/admin/users/${created.id}`, { token: superToken, status: 200 })).toEqual(created);
    const token = await login(created.email);
    const me = await json<{ role: { name: string; permissions: Record<string, boolean> } }>("get", "/admin/auth/me", { token, status: 200 });
    expect(me.role.name).toBe(role.name);
    expect(me.role.permissions["dashboard:read"]).toBe(true);
    expect(me.role.permissions["users:read"]).toBe(false);
    const after = await json<UserAnswer>("get", `/admin/users/${created.id}`, { token: superToken, status: 200 });
    expect(after.lastLoginAt).not.toBeNull();
  });

  it("rechaza datos no válidos, contraseñas débiles y roles inexistentes con mensajes en español", async () => {
    const bad = await json<{ error: string; fieldErrors: Record<string, string[]> }>("post", "/admin/users", {
      token: superToken,
      body: { username: "a", email: "no-es-correo", password: "", roleId: "x" },
      status: 400,
    });
    expect(bad.error).toBe("Datos no válidos");
    expect(bad.fieldErrors.username).toEqual(["El nombre de usuario debe tener al menos 3 caracteres"]);
    expect(bad.fieldErrors.email).toEqual(["Introduce un correo electrónico válido"]);
    expect(bad.fieldErrors.password).toEqual(["Introduce una contraseña"]);
    expect(bad.fieldErrors.roleId).toEqual(["Elige un rol"]);

    const role = await createRole({});
    const username = unique("debil");
    const weak = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/users", {
      token: superToken,
      body: { username, email: `${username}@cotiza.test`, password: "corta", roleId: role.id },
      status: 400,
    });
    expect(weak.fieldErrors.password).toContain("La contraseña debe tener al menos 10 caracteres");
    const sameAsEmail = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/users", {
      token: superToken,
      body: { username, email: `${username}@cotiza.test`, password: `${username}@cotiza.test`, roleId: role.id },
      status: 400,
    });
    expect(sameAsEmail.fieldErrors.password?.length).toBeGreaterThan(0);

    const noRole = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/users", {
      token: superToken,
      body: { username, email: `${username}@cotiza.test`, password: PASSWORD, roleId: 999_999 },
      status: 400,
    });
    expect(noRole.fieldErrors.roleId).toEqual(["El rol elegido no existe"]);
    const [{ n }] = await database.db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.username, username));
    expect(n).toBe(0);
  });

  it("responde 409 a un nombre de usuario o correo repetidos, sin distinguir mayúsculas", async () => {
    const role = await createRole({});
    const existing = await createUser(role.id);
    const before = await auditCount();
    const dupName = await json<{ error: string; fieldErrors: Record<string, string[]> }>("post", "/admin/users", {
      token: superToken,
      body: { username: existing.username.toUpperCase(), email: `${unique("otro")}@cotiza.test`, password: PASSWORD, roleId: role.id },
      status: 409,
    });
    expect(dupName.error).toBe("Ya existe un usuario con esos datos");
    expect(dupName.fieldErrors).toEqual({ username: ["Ya existe un usuario con ese nombre de usuario"] });
    const dupEmail = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/users", {
      token: superToken,
      body: { username: unique("otro"), email: existing.email.toUpperCase(), password: PASSWORD, roleId: role.id },
      status: 409,
    });
    expect(dupEmail.fieldErrors).toEqual({ email: ["Ya existe un usuario con ese correo electrónico"] });
    expect(await auditCount()).toBe(before);
  });

  it("busca por nombre de usuario o correo y pagina los resultados", async () => {
    const role = await createRole({});
    const tag = unique("pag").replaceAll("-", "");
    const names = ["a", "b", "c", "d", "e"].map((l) => `${tag}-${l}`);
    for (const name of names) await createUser(role.id, name);

    const pages: Page<UserAnswer>[] = [];
    for (const page of [1, 2, 3]) {
      pages.push(await json<Page<UserAnswer>>("get", `/admin/users?q=${tag.toUpperCase()}&page=${page}&pageSize=2`, { token: superToken, status: 200 }));
    }
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.items.map((u) => u.username))).toEqual([names.slice(0, 2), names.slice(2, 4), names.slice(4)]);
    expect(pages[1]).toMatchObject({ page: 2, pageSize: 2 });

    // The e-mail is searched too; LIKE wildcards are plain characters.
    const byEmail = await json<Page<UserAnswer>>("get", `/admin/users?q=${encodeURIComponent(`${tag}-c@cotiza`)}`, { token: superToken, status: 200 });
    expect(byEmail.items.map((u) => u.username)).toEqual([`${tag}-c`]);
    expect((await json<Page<UserAnswer>>("get", "/admin/users?q=%25", { token: superToken, status: 200 })).total).toBe(0);
    expect((await json<Page<UserAnswer>>("get", "/admin/users?q=_", { token: superToken, status: 200 })).total).toBe(0);

    const defaults = await json<Page<UserAnswer>>("get", "/admin/users", { token: superToken, status: 200 });
    expect(defaults).toMatchObject({ page: 1, pageSize: 20 });
    expect(defaults.items.length).toBe(Math.min(20, defaults.total));
    expect((await call("get", "/admin/users?pageSize=101", { token: superToken })).status).toBe(400);
    expect((await call("get", "/admin/users?page=0", { token: superToken })).status).toBe(400);
    expect((await call("get", "/admin/users/abc", { token: superToken })).status).toBe(400);
    expect(await json("get", "/admin/users/999999", { token: superToken, status: 404 })).toEqual({ error: "Usuario no encontrado" });
  });

  it("cambia el rol, desactiva (sus tokens dejan de valer al momento) y reactiva una cuenta", async () => {
    const first = await createRole({ "dashboard:read": true });
    const second = await createRole({ "audit:read": true });
    const user = await createUser(first.id);
    const token = await login(user.email);

    const moved = await json<UserAnswer>("patch", `/admin/users/${user.id}`, { token: superToken, body: { roleId: second.id }, status: 200 });
    expect(moved.role).toEqual({ id: second.id, name: second.name });
    expect((await call("get", "/admin/audit", { token })).status).toBe(200);
    expect((await call("get", "/admin/dashboard", { token })).status).toBe(403);

    const off = await json<UserAnswer>("patch", `/admin/users/${user.id}`, { token: superToken, body: { active: false }, status: 200 });
    expect(off.active).toBe(false);
    expect((await call("get", "/admin/auth/me", { token })).status).toBe(401);
    expect((await call("post", "/admin/auth/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(401);

    await json("patch", `/admin/users/${user.id}`, { token: superToken, body: { active: true }, status: 200 });
    expect((await call("get", "/admin/auth/me", { token })).status).toBe(200);

    const updates = await auditRows("admin_user.updated", user.id);
    expect(updates.map((r) => [r.before, r.after])).toEqual([
      [
        { id: user.id, username: user.username, email: user.email, active: true, role: { id: first.id, name: first.name } },
        { id: user.id, username: user.username, email: user.email, active: true, role: { id: second.id, name: second.name } },
      ],
      [
        { id: user.id, username: user.username, email: user.email, active: true, role: { id: second.id, name: second.name } },
        { id: user.id, username: user.username, email: user.email, active: false, role: { id: second.id, name: second.name } },
      ],
      [
        { id: user.id, username: user.username, email: user.email, active: false, role: { id: second.id, name: second.name } },
        { id: user.id, username: user.username, email: user.email, active: true, role: { id: second.id, name: second.name } },
      ],
    ]);
    expect(updates.every((r) => r.actorType === "admin" && r.actorId === String(seededAdminId) && r.actorLabel === TEST_ADMIN_EMAIL && r.ip)).toBe(true);

    expect(await json("patch", `/admin/users/${user.id}`, { token: superToken, body: {}, status: 400 })).toMatchObject({ error: "Datos no válidos" });
    expect(await json("patch", `/admin/users/${user.id}`, { token: superToken, body: { roleId: 999_999 }, status: 400 })).toMatchObject({
      fieldErrors: { roleId: ["El rol elegido no existe"] },
    });
  });

  it("restablece la contraseña aplicando la política y sin guardar el hash en la auditoría", async () => {
    const user = await createUser((await createRole({})).id);
    const weak = await json<{ fieldErrors: Record<string, string[]> }>("patch", `/admin/users/${user.id}`, {
      token: superToken,
      body: { password: "123" },
      status: 400,
    });
    expect(weak.fieldErrors.password).toContain("La contraseña debe tener al menos 10 caracteres");

    const newPassword = "Restablecida-2026-xyz";
    const before = await login(user.email);
    await json("patch", `/admin/users/${user.id}`, { token: superToken, body: { password: newPassword }, status: 200 });
    // The reset ends the account's sessions at once.
    expect((await call("get", "/admin/auth/me", { token: before })).status).toBe(401);
    expect((await call("post", "/admin/auth/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(401);
    await login(user.email, newPassword);

    const [reset] = await auditRows("admin_user.password_reset", user.id);
    expect(reset?.after).toEqual({ id: user.id, username: user.username, email: user.email, passwordReset: true });
    expect(JSON.stringify(reset)).not.toMatch(/scrypt|Restablecida|passwordHash/);
    // A reset alone changes neither role nor state: no "updated" row.
    expect(await auditRows("admin_user.updated", user.id)).toEqual([]);
  });

  it("nadie se desactiva a sí mismo ni se quita su rol de superadmin, y el último superadmin activo se conserva", async () => {
    const roles = await json<{ items: RoleAnswer[] }>("get", "/admin/roles", { token: superToken, status: 200 });
    const superadmin = roles.items.find((r) => r.name === "superadmin")!;
    const full = await createRole(allPermissions());

    expect(await json("patch", `/admin/users/${seededAdminId}`, { token: superToken, body: { active: false }, status: 409 })).toEqual({
      error: "No puedes desactivar tu propia cuenta",
      fieldErrors: { active: ["No puedes desactivar tu propia cuenta"] },
    });
    expect(await json("patch", `/admin/users/${seededAdminId}`, { token: superToken, body: { roleId: full.id }, status: 409 })).toMatchObject({
      error: "No puedes quitarte tu propio rol de superadmin",
    });

    // Another admin with every permission, but not in the superadmin role.
    const other = await createUser(full.id);
    const otherToken = await login(other.email);
    const last = { error: "No se puede desactivar ni cambiar de rol al último superadmin activo" };
    expect(await json("patch", `/admin/users/${seededAdminId}`, { token: otherToken, body: { active: false }, status: 409 })).toEqual(last);
    expect(await json("patch", `/admin/users/${seededAdminId}`, { token: otherToken, body: { roleId: full.id }, status: 409 })).toEqual(last);

    // With a second active superadmin, one of them may go.
    const second = await createUser(superadmin.id);
    await json("patch", `/admin/users/${second.id}`, { token: otherToken, body: { active: false }, status: 200 });
    // Now the seeded admin is the last active one again.
    expect(await json("patch", `/admin/users/${seededAdminId}`, { token: otherToken, body: { active: false }, status: 409 })).toEqual(last);
    await json("patch", `/admin/users/${second.id}`, { token: otherToken, body: { active: true }, status: 200 });
    await json("patch", `/admin/users/${second.id}`, { token: otherToken, body: { roleId: full.id }, status: 200 });
    expect((await call("get", "/admin/auth/me", { token: superToken })).status).toBe(200);
  });

  it("no deja conceder ni gestionar más permisos de los que uno tiene", async () => {
    const roles = await json<{ items: RoleAnswer[] }>("get", "/admin/roles", { token: superToken, status: 200 });
    const superadmin = roles.items.find((r) => r.name === "superadmin")!;
    const manager = await adminWith({ "users:read": true, "users:write": true });
    const username = unique("escalada");
    const denied = await json<{ error: string }>("post", "/admin/users", {
      token: manager.token,
      body: { username, email: `${username}@cotiza.test`, password: PASSWORD, roleId: superadmin.id },
      status: 403,
    });
    expect(denied.error).toBe("No puedes conceder ni gestionar permisos que tú no tienes");
    await json("patch", `/admin/users/${manager.user.id}`, { token: manager.token, body: { roleId: superadmin.id }, status: 403 });
    await json("patch", `/admin/users/${seededAdminId}`, { token: manager.token, body: { password: "Toma-De-Control-2026" }, status: 403 });
    await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);

    const roleEditor = await adminWith({ "roles:read": true, "roles:write": true });
    await json("post", "/admin/roles", {
      token: roleEditor.token,
      body: { name: unique("con-auditoria"), permissions: { "audit:read": true } },
      status: 403,
    });
    await json("put", `/admin/roles/${roleEditor.role.id}`, {
      token: roleEditor.token,
      body: { name: roleEditor.role.name, permissions: { "roles:read": true, "roles:write": true, "users:write": true } },
      status: 403,
    });
    // Within its own permissions it may act.
    await json("post", "/admin/roles", { token: roleEditor.token, body: { name: unique("lector"), permissions: { "roles:read": true } }, status: 201 });
  });
});

describe("roles y permisos", () => {
  it("crea un rol con el mapa completo de permisos y lo lista con su número de usuarios", async () => {
    const name = unique("Auditoría externa");
    const created = await json<RoleAnswer>("post", "/admin/roles", {
      token: superToken,
      body: { name: `  ${name}  `, description: "Solo auditoría", permissions: { "audit:read": true, "users:read": false } },
      status: 201,
    });
    expect(created).toMatchObject({ name, description: "Solo auditoría", isSystem: false, userCount: 0 });
    expect(Object.keys(created.permissions).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(Object.entries(created.permissions).filter(([, v]) => v).map(([k]) => k)).toEqual(["audit:read"]);

    await createUser(created.id);
    await createUser(created.id);
    const list = await json<{ items: RoleAnswer[] }>("get", "/admin/roles", { token: superToken, status: 200 });
    expect(list.items.find((r) => r.id === created.id)?.userCount).toBe(2);
    expect(list.items.filter((r) => r.isSystem).map((r) => r.name)).toEqual(["superadmin", "gestor", "comercial", "auditor"]);
    expect(await json("get", `/admin/roles/${created.id}`, { token: superToken, status: 200 })).toMatchObject({ id: created.id, userCount: 2 });

    const [audit] = await auditRows("role.created", created.id);
    expect(audit).toMatchObject({ actorType: "admin", actorLabel: TEST_ADMIN_EMAIL, entity: "role", before: null });
    expect(audit?.after).toMatchObject({ name, permissions: created.permissions });
  });

  it("rechaza permisos desconocidos o no booleanos (400) y nombres repetidos (409)", async () => {
    const unknown = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/roles", {
      token: superToken,
      body: { name: unique("raro"), permissions: { "users:read": true, "naves:pilotar": true } },
      status: 400,
    });
    expect(unknown.fieldErrors.permissions).toEqual(["Permisos desconocidos: naves:pilotar"]);
    const notBoolean = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/roles", {
      token: superToken,
      body: { name: unique("raro"), permissions: { "users:read": "true" } },
      status: 400,
    });
    expect(notBoolean.fieldErrors["permissions.users:read"]).toEqual(["Cada permiso debe ser verdadero o falso"]);
    const noName = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/roles", { token: superToken, body: { permissions: {} }, status: 400 });
    expect(noName.fieldErrors.name).toEqual(["Introduce un nombre"]);

    const duplicate = await json<{ error: string; fieldErrors: Record<string, string[]> }>("post", "/admin/roles", {
      token: superToken,
      body: { name: "GESTOR", permissions: {} },
      status: 409,
    });
    expect(duplicate).toEqual({ error: "Ya existe un rol con ese nombre", fieldErrors: { name: ["Ya existe un rol con ese nombre"] } });

    const role = await createRole({});
    await json("put", `/admin/roles/${role.id}`, { token: superToken, body: { name: "Comercial", permissions: {} }, status: 409 });
    await json("put", `/admin/roles/${role.id}`, { token: superToken, body: { name: role.name, permissions: { "x:y": true } }, status: 400 });
  });

  it("modifica un rol y audita el antes y el después", async () => {
    const role = await createRole({ "users:read": true });
    const user = await createUser(role.id);
    const token = await login(user.email);
    expect((await call("get", "/admin/users", { token })).status).toBe(200);

    const newName = unique("renombrado");
    const updated = await json<RoleAnswer>("put", `/admin/roles/${role.id}`, {
      token: superToken,
      body: { name: newName, description: "Ahora lee roles", permissions: { "roles:read": true } },
      status: 200,
    });
    expect(updated).toMatchObject({ name: newName, description: "Ahora lee roles", userCount: 1 });
    expect(updated.permissions["users:read"]).toBe(false);
    expect(updated.permissions["roles:read"]).toBe(true);
    // The new permissions apply to the next request of an already signed-in admin.
    expect((await call("get", "/admin/users", { token })).status).toBe(403);
    expect((await call("get", "/admin/roles", { token })).status).toBe(200);

    const [audit] = await auditRows("role.updated", role.id);
    expect(audit?.before).toMatchObject({ name: role.name, permissions: { "users:read": true, "roles:read": false } });
    expect(audit?.after).toMatchObject({ name: newName, description: "Ahora lee roles", permissions: { "users:read": false, "roles:read": true } });
    expect(await json("get", "/admin/roles/999999", { token: superToken, status: 404 })).toEqual({ error: "Rol no encontrado" });
  });

  it("el superadmin conserva todos los permisos y no se elimina; los roles del sistema no se renombran ni se eliminan", async () => {
    const roles = await json<{ items: RoleAnswer[] }>("get", "/admin/roles", { token: superToken, status: 200 });
    const superadmin = roles.items.find((r) => r.name === "superadmin")!;
    const gestor = roles.items.find((r) => r.name === "gestor")!;
    const before = await auditCount();

    const lose = await json<{ error: string }>("put", `/admin/roles/${superadmin.id}`, {
      token: superToken,
      body: { name: "superadmin", description: superadmin.description, permissions: { ...allPermissions(), "audit:read": false } },
      status: 409,
    });
    expect(lose.error).toBe("El rol superadmin debe conservar todos los permisos");
    // Leaving a permission out of the map also means losing it.
    await json("put", `/admin/roles/${superadmin.id}`, { token: superToken, body: { name: "superadmin", permissions: {} }, status: 409 });
    await json("put", `/admin/roles/${gestor.id}`, {
      token: superToken,
      body: { name: "gestor-nuevo", description: gestor.description, permissions: gestor.permissions },
      status: 409,
    });
    expect(await json("delete", `/admin/roles/${superadmin.id}`, { token: superToken, status: 409 })).toEqual({ error: "No se puede eliminar el rol superadmin" });
    expect(await json("delete", `/admin/roles/${gestor.id}`, { token: superToken, status: 409 })).toEqual({ error: "No se puede eliminar un rol del sistema" });
    expect(await auditCount()).toBe(before);

    // Its description may change, with every permission still true.
    const edited = await json<RoleAnswer>("put", `/admin/roles/${superadmin.id}`, {
      token: superToken,
      body: { name: "superadmin", description: "Todo", permissions: allPermissions() },
      status: 200,
    });
    expect(edited.description).toBe("Todo");
    expect(Object.values(edited.permissions).every(Boolean)).toBe(true);
  });

  it("un rol asignado a usuarios no se elimina; uno libre sí, y queda auditado", async () => {
    const used = await createRole({});
    const user = await createUser(used.id);
    await json("patch", `/admin/users/${user.id}`, { token: superToken, body: { active: false }, status: 200 });
    // Even a deactivated account keeps its role assigned.
    expect(await json("delete", `/admin/roles/${used.id}`, { token: superToken, status: 409 })).toEqual({
      error: "No se puede eliminar un rol asignado a usuarios",
    });

    const free = await createRole({ "reports:read": true });
    const response = await call("delete", `/admin/roles/${free.id}`, { token: superToken });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await json("get", `/admin/roles/${free.id}`, { token: superToken, status: 404 });
    await json("delete", `/admin/roles/${free.id}`, { token: superToken, status: 404 });
    const [audit] = await auditRows("role.deleted", free.id);
    expect(audit).toMatchObject({ before: { id: free.id, name: free.name }, after: null });
  });

  it("GET /admin/permissions devuelve el catálogo en su orden, con grupo y descripción", async () => {
    const answer = await json<{ items: { name: string; description: string; group: string }[] }>("get", "/admin/permissions", {
      token: superToken,
      status: 200,
    });
    expect(answer.items).toEqual(PERMISSIONS.map(({ name, description, group }) => ({ name, description, group })));
  });
});

describe("registro de auditoría", () => {
  const entity = `prueba-${Date.now().toString(36)}`;
  const rows = [
    { at: new Date("2020-03-01T22:30:00Z"), actorLabel: "lucia@cotiza.test", action: "prueba.uno" }, // 1 March 23:30 in Madrid
    { at: new Date("2020-03-01T23:30:00Z"), actorLabel: "lucia@cotiza.test", action: "prueba.dos" }, // 2 March 00:30 in Madrid
    { at: new Date("2020-03-02T12:00:00Z"), actorLabel: "pedro@cotiza.test", action: "prueba.uno" },
    { at: new Date("2020-03-03T12:00:00Z"), actorLabel: "=HYPERLINK(\"http://malo\")", action: "prueba.uno" },
  ];

  beforeAll(async () => {
    await database.db.insert(auditLog).values(
      rows.map((r, i) => ({
        ...r,
        actorType: "admin" as const,
        actorId: String(100 + i),
        entity,
        entityId: i === 3 ? "-1+2" : String(i),
        ip: i === 3 ? "@10.0.0.1" : "192.0.2.1",
        before: i === 3 ? { texto: 'con, coma y "comillas"\ny salto' } : null,
        after: { paso: i },
      })),
    );
  });

  const list = (query: string) => json<Page<{ action: string; actorLabel: string; at: string; entityId: string }>>("get", `/admin/audit?entity=${entity}&${query}`, { token: superToken, status: 200 });

  it("filtra por actor, acción, entidad y días de Madrid, del más reciente al más antiguo", async () => {
    const all = await list("");
    expect(all.total).toBe(4);
    expect(all.items.map((r) => r.entityId)).toEqual(["-1+2", "2", "1", "0"]);

    expect((await list("actor=LUCIA")).items.map((r) => r.entityId)).toEqual(["1", "0"]);
    expect((await list("action=prueba.uno")).items.map((r) => r.entityId)).toEqual(["-1+2", "2", "0"]);
    expect((await list("action=prueba")).total).toBe(0);
    // 2020-03-01T23:30Z is already 2 March in Madrid.
    expect((await list("from=2020-03-02&to=2020-03-02")).items.map((r) => r.entityId)).toEqual(["2", "1"]);
    expect((await list("to=2020-03-01")).items.map((r) => r.entityId)).toEqual(["0"]);
    expect((await list("from=2020-03-03")).items.map((r) => r.entityId)).toEqual(["-1+2"]);
    expect((await list("actor=lucia&from=2020-03-02")).items.map((r) => r.entityId)).toEqual(["1"]);

    const page2 = await list("page=2&pageSize=3");
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.items.map((r) => r.entityId)).toEqual(["0"]);

    const bad = await json<{ fieldErrors: Record<string, string[]> }>("get", "/admin/audit?from=2020-03-05&to=2020-03-01", { token: superToken, status: 400 });
    expect(bad.fieldErrors.to).toEqual(["La fecha hasta no puede ser anterior a la fecha desde"]);
    await json("get", "/admin/audit?from=2020-02-30", { token: superToken, status: 400 });
    await json("get", "/admin/audit?from=ayer", { token: superToken, status: 400 });
    await json("get", "/admin/audit?pageSize=500", { token: superToken, status: 400 });
  });

  it("exporta CSV con cabecera en español, escapado correcto, protección de fórmulas y los mismos filtros", async () => {
    const response = await call("get", `/admin/audit/export?entity=${entity}&from=2020-03-02`, { token: superToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="auditoria-${today}.csv"`);
    expect(response.headers.get("x-total-count")).toBe("3");

    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toBe("fecha,actor,acción,entidad,id,ip,antes,después");
    expect(text).toContain(`"'=HYPERLINK(""http://malo"")"`);

    const parsed = parseCsv(text);
    expect(parsed).toEqual([
      ["fecha", "actor", "acción", "entidad", "id", "ip", "antes", "después"],
      ["2020-03-03 13:00:00", `'=HYPERLINK("http://malo")`, "prueba.uno", entity, "'-1+2", "'@10.0.0.1", JSON.stringify({ texto: 'con, coma y "comillas"\ny salto' }), '{"paso":3}'],
      ["2020-03-02 13:00:00", "pedro@cotiza.test", "prueba.uno", entity, "2", "192.0.2.1", "", '{"paso":2}'],
      ["2020-03-02 00:30:00", "lucia@cotiza.test", "prueba.dos", entity, "1", "192.0.2.1", "", '{"paso":1}'],
    ]);

    const byActor = parseCsv(await (await call("get", `/admin/audit/export?entity=${entity}&actor=pedro`, { token: superToken })).text());
    expect(byActor.slice(1).map((r) => r[1])).toEqual(["pedro@cotiza.test"]);
    expect((await call("get", "/admin/audit/export?to=nunca", { token: superToken })).status).toBe(400);
  });

  it("los cambios de usuarios y roles dejan su fila con actor, dirección y antes/después; un cambio rechazado no deja ninguna", async () => {
    const role = await createRole({ "dashboard:read": true });
    const user = await createUser(role.id);
    const created = await json<Page<{ entityId: string; actorLabel: string; ip: string; before: unknown; after: unknown }>>(
      "get",
      `/admin/audit?entity=admin_user&action=admin_user.created&actor=${encodeURIComponent(TEST_ADMIN_EMAIL)}&pageSize=100`,
      { token: superToken, status: 200 },
    );
    const row = created.items.find((r) => r.entityId === String(user.id));
    expect(row).toMatchObject({ actorLabel: TEST_ADMIN_EMAIL, before: null, after: { username: user.username, email: user.email, active: true } });
    expect(row?.ip).toBeTruthy();
    expect(JSON.stringify(row)).not.toMatch(/scrypt|password/i);

    const before = await auditCount();
    await json("patch", `/admin/users/${seededAdminId}`, { token: superToken, body: { active: false }, status: 409 });
    await json("delete", `/admin/roles/${role.id}`, { token: superToken, status: 409 });
    expect(await auditCount()).toBe(before);
  });

  it("no hay ningún endpoint que modifique o borre filas de auditoría", async () => {
    const [first] = await database.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    for (const method of ["put", "patch", "delete"]) {
      const response = await call(method, `/admin/audit/${first!.id}`, { token: superToken, body: method === "delete" ? undefined : { action: "x" } });
      expect(response.status).toBe(404);
    }
    expect((await call("delete", "/admin/audit", { token: superToken })).status).toBe(404);
  });
});

describe("panel", () => {
  async function counts() {
    const [[q], [p], [c], [a]] = await Promise.all([
      database.db.select({ n: count() }).from(quotes),
      database.db.select({ n: count() }).from(policies),
      database.db.select({ n: count() }).from(clients),
      database.db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.active, true)),
    ]);
    return { quotes: q!.n, policies: p!.n, clients: c!.n, adminUsers: a!.n };
  }

  it("cuenta en vivo cotizaciones, pólizas, clientes y usuarios activos del back office", async () => {
    const start = await json<Record<string, number>>("get", "/admin/dashboard", { token: superToken, status: 200 });
    expect(start).toEqual(await counts());

    const [client] = await database.db.insert(clients).values({ name: "Cliente de Prueba" }).returning({ id: clients.id });
    const [quote] = await database.db
      .insert(quotes)
      .values({ lineCode: "hogar", inputs: {}, offers: [], validUntil: new Date(Date.now() + 86_400_000) })
      .returning({ id: quotes.id });
    await database.db.insert(policies).values({
      number: `COT-TEST-${Date.now()}`,
      quoteId: quote!.id,
      clientId: client!.id,
      lineCode: "hogar",
      planCode: "basico",
      startDate: "2026-01-01",
      endDate: "2027-01-01",
      netPremiumCents: 10_000,
      totalPremiumCents: 10_000,
    });
    const user = await createUser((await createRole({})).id);

    const after = await json<Record<string, number>>("get", "/admin/dashboard", { token: superToken, status: 200 });
    expect(after).toEqual({
      quotes: start.quotes! + 1,
      policies: start.policies! + 1,
      clients: start.clients! + 1,
      adminUsers: start.adminUsers! + 1,
    });
    await json("patch", `/admin/users/${user.id}`, { token: superToken, body: { active: false }, status: 200 });
    expect((await json<Record<string, number>>("get", "/admin/dashboard", { token: superToken, status: 200 })).adminUsers).toBe(start.adminUsers);
  });
});

/** RFC 4180 reader, to check the export round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
