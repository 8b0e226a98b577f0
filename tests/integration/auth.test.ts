// Visitor and staff sign-in over real HTTP against a fresh database: tokens, rate limits,
// revocation, deactivation, password change and the audit rows they leave.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers, auditLog, revokedTokens, roles, users } from "../../api/db/schema";
import { hashPassword } from "../../api/domain/password";
import { PERMISSION_NAMES } from "../../api/domain/permissions";
import { signToken } from "../../api/domain/tokens";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { TEST_JWT_SECRET, testServerForFile } from "../support/server";

const env = testServerForFile();

type Json = Record<string, unknown> & { error?: string; fieldErrors?: Record<string, string[]> };

async function call(method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const response = await fetch(`${env.server.url}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, retryAfter: response.headers.get("retry-after") };
}

const post = (path: string, body?: unknown, token?: string) => call("POST", path, { body, token });
const get = (path: string, token?: string) => call("GET", path, { token });

const STRONG = "Paella-de-marisco-2026";
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function register(name: string, email: string, password = STRONG) {
  const response = await post("/auth/register", { name, email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { token: string; user: { name: string; email: string; role: string } };
}

async function adminLogin(email = TEST_ADMIN_EMAIL, password = TEST_ADMIN_PASSWORD) {
  const response = await post("/admin/auth/login", { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    token: string;
    admin: { id: number; username: string; email: string; role: { id: number; name: string; permissions: Record<string, boolean> } };
  };
}

/** A staff account written straight into the database (the users API is another part's). */
async function createAdmin(username: string, password: string, roleName = "gestor") {
  const [role] = await env.database.db.select().from(roles).where(eq(roles.name, roleName));
  const [row] = await env.database.db
    .insert(adminUsers)
    .values({ username, email: `${username}@cotiza.test`, passwordHash: await hashPassword(password), roleId: role!.id })
    .returning();
  return row!;
}

async function userId(email: string) {
  const [row] = await env.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe("registro de visitantes", () => {
  it("crea la cuenta y devuelve token y usuario, con el correo normalizado", async () => {
    const { token, user } = await register("  Lucía Pérez ", "  Lucia.Perez@Example.COM ");
    expect(user).toEqual({ name: "Lucía Pérez", email: "lucia.perez@example.com", role: "user" });
    expect(token.split(".")).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(payload).toMatchObject({ kind: "user", sub: expect.any(String), jti: expect.any(String) });
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
  });

  it("responde 409 si el correo ya tiene cuenta, sin importar mayúsculas", async () => {
    const response = await post("/auth/register", { name: "Otra", email: "LUCIA.perez@example.com", password: STRONG });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("Ya existe una cuenta con ese correo electrónico");
    expect(response.body.fieldErrors?.email).toEqual(["Ya existe una cuenta con ese correo electrónico"]);
  });

  it("rechaza contraseñas cortas, comunes o iguales al correo con mensajes en español", async () => {
    const short = await post("/auth/register", { name: "Ana", email: "ana@example.com", password: "Xy7#ab" });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors?.password).toContain("La contraseña debe tener al menos 10 caracteres");

    const common = await post("/auth/register", { name: "Ana", email: "ana@example.com", password: "Password123" });
    expect(common.status).toBe(400);
    expect(common.body.fieldErrors?.password).toEqual(["Esa contraseña es demasiado común; elija otra"]);

    const email = await post("/auth/register", { name: "Ana", email: "ana.garcia.lopez@example.com", password: "Ana.Garcia.Lopez@example.com" });
    expect(email.status).toBe(400);
    expect(email.body.fieldErrors?.password).toEqual(["La contraseña no puede ser igual a su correo electrónico"]);

    expect((await post("/auth/login", { email: "ana@example.com", password: STRONG })).status).toBe(401);
  });

  it("pide nombre, correo válido y contraseña", async () => {
    const response = await post("/auth/register", { name: " ", email: "no-es-un-correo", password: "" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Datos no válidos");
    expect(response.body.fieldErrors).toMatchObject({
      name: ["Introduzca su nombre"],
      email: ["Introduzca un correo electrónico válido"],
      password: ["Introduzca la contraseña"],
    });
    const empty = await post("/auth/register", {});
    expect(empty.body.fieldErrors).toMatchObject({ name: ["Introduzca su nombre"], password: ["Introduzca la contraseña"] });
  });
});

describe("inicio de sesión de visitantes", () => {
  it("devuelve token y usuario y el perfil responde con ese token", async () => {
    await register("Jorge Martín", "jorge@example.com");
    const login = await post("/auth/login", { email: " JORGE@example.com", password: STRONG });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ name: "Jorge Martín", email: "jorge@example.com", role: "user" });
    const profile = await get("/auth/profile", login.body.token as string);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ name: "Jorge Martín", email: "jorge@example.com", role: "user" });
  });

  it("cerrar la sesión invalida ese token (también una copia) y solo ese, con su fila de auditoría", async () => {
    await register("Paula Ríos", "paula@example.com");
    const first = (await post("/auth/login", { email: "paula@example.com", password: STRONG })).body.token as string;
    const second = (await post("/auth/login", { email: "paula@example.com", password: STRONG })).body.token as string;
    expect((await post("/auth/logout", undefined, first)).status).toBe(204);
    expect((await get("/auth/profile", first)).status).toBe(401);
    expect((await post("/auth/logout", undefined, first)).status).toBe(401);
    expect((await get("/auth/profile", second)).status).toBe(200);
    const rows = await env.database.db.select().from(auditLog).where(eq(auditLog.action, "user.logout"));
    expect(rows.at(-1)).toMatchObject({ actorType: "user", actorLabel: "paula@example.com", entity: "user" });
    expect((await post("/auth/logout")).status).toBe(401);
  });

  it("responde lo mismo a un correo desconocido y a una contraseña incorrecta", async () => {
    await register("Marta Gil", "marta@example.com");
    const unknown = await post("/auth/login", { email: "nadie@example.com", password: STRONG });
    const wrong = await post("/auth/login", { email: "marta@example.com", password: "Otra-clave-distinta-99" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: "Correo electrónico o contraseña incorrectos" });
  });

  it("tras 5 fallos en 15 minutos responde 429, también con la contraseña correcta", async () => {
    await register("Pedro Ruiz", "pedro@example.com");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post("/auth/login", { email: "pedro@example.com", password: `Mala-clave-${attempt}-xyz` });
      expect(response.status, `intento ${attempt}`).toBe(401);
    }
    const sixth = await post("/auth/login", { email: "pedro@example.com", password: "Mala-clave-6-xyz" });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: "Demasiados intentos con este correo. Inténtelo de nuevo en 15 minutos." });
    // Retry-After: when the oldest of the five failures leaves the 15-minute window.
    expect(Number(sixth.retryAfter)).toBeGreaterThan(15 * 60 - 60);
    expect(Number(sixth.retryAfter)).toBeLessThanOrEqual(15 * 60);
    const right = await post("/auth/login", { email: "pedro@example.com", password: STRONG });
    expect(right.status).toBe(429);
    // Another email from the same address is not affected.
    await register("Rosa Vidal", "rosa@example.com");
    expect((await post("/auth/login", { email: "rosa@example.com", password: STRONG })).status).toBe(200);
  });

  it("una ráfaga de 10 intentos simultáneos con la contraseña mal tiene las mismas 5 oportunidades", async () => {
    await register("Ráfaga Veloz", "rafaga@example.com");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post("/auth/login", { email: "rafaga@example.com", password: "No-Es-La-Buena-2026" })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // And the right password is refused too until the window passes.
    expect((await post("/auth/login", { email: "rafaga@example.com", password: STRONG })).status).toBe(429);
  });

  it("el perfil sin token, o con un token que no es de visitante, responde 401", async () => {
    expect((await get("/auth/profile")).status).toBe(401);
    expect((await get("/auth/profile")).body).toEqual({ error: "Sesión no válida o caducada" });
    const { token } = await adminLogin();
    expect((await get("/auth/profile", token)).status).toBe(401);
  });
});

describe("tokens manipulados, sin firma o caducados", () => {
  it("se rechazan con 401 en /auth/profile y /admin/auth/me", async () => {
    const { token: userToken } = await register("Elena Soto", "elena@example.com");
    const { token: adminToken, admin } = await adminLogin();
    const elenaId = await userId("elena@example.com");
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3600_000);

    const cases: Array<[string, string, string]> = [];
    for (const [path, token, kind, sub] of [
      ["/auth/profile", userToken, "user", String(elenaId)],
      ["/admin/auth/me", adminToken, "admin", String(admin.id)],
    ] as const) {
      // Control: a token this test signs with the server's secret is accepted, so the refusals
      // below are about the token, not the test's signing.
      const control = signToken({ sub, kind }, TEST_JWT_SECRET, { now, ttlSeconds: 600 }).token;
      expect((await get(path, control)).status, `${path} control`).toBe(200);

      const [header, payload, signature] = token.split(".") as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      cases.push([path, "carga útil alterada", `${header}.${b64({ ...claims, sub: "1", exp: claims.exp + 3600 })}.${signature}`]);
      const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
      cases.push([path, "firma alterada", `${header}.${payload}.${flipped}`]);
      cases.push([path, "alg none", `${b64({ alg: "none", typ: "JWT" })}.${payload}.`]);
      cases.push([path, "alg HS512", `${b64({ alg: "HS512", typ: "JWT" })}.${payload}.${signature}`]);
      cases.push([path, "caducado", signToken({ sub, kind }, TEST_JWT_SECRET, { now: hourAgo, ttlSeconds: 60 }).token]);
      // Well signed, but living longer than the API ever signs for this kind.
      cases.push([path, "vida demasiado larga", signToken({ sub, kind }, TEST_JWT_SECRET, { now, ttlSeconds: 30 * 24 * 3600 }).token]);
      cases.push([path, "otro secreto", signToken({ sub, kind }, "otro-secreto-0123456789abcdef0123456789", { now, ttlSeconds: 600 }).token]);
      cases.push([path, "basura", "no.es.untoken"]);
    }
    for (const [path, label, token] of cases) {
      const response = await get(path, token);
      expect(response.status, `${path}: ${label}`).toBe(401);
      expect(response.body, `${path}: ${label}`).toEqual({ error: "Sesión no válida o caducada" });
    }
    // A visitor token never opens the back office.
    expect((await get("/admin/auth/me", userToken)).status).toBe(401);
  });
});

describe("sesión del back office", () => {
  it("el inicio de sesión devuelve el administrador con el mapa de permisos de su rol", async () => {
    const { token, admin } = await adminLogin(`  ${TEST_ADMIN_EMAIL.toUpperCase()} `);
    expect(admin).toMatchObject({ username: "admin", email: TEST_ADMIN_EMAIL, role: { name: "superadmin" } });
    expect(Object.keys(admin.role.permissions).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(Object.values(admin.role.permissions).every((v) => v === true)).toBe(true);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(payload).toMatchObject({ kind: "admin", sub: String(admin.id) });
    expect(payload.exp - payload.iat).toBe(8 * 3600);

    const me = await get("/admin/auth/me", token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(admin);
  });

  it("el rol de un gestor lleva sus permisos reales, con audit:read a false", async () => {
    await createAdmin("gestora", "Gestora-Clave-2026");
    const { admin } = await adminLogin("gestora@cotiza.test", "Gestora-Clave-2026");
    expect(admin.role.name).toBe("gestor");
    expect(admin.role.permissions["audit:read"]).toBe(false);
    expect(admin.role.permissions["policies:write"]).toBe(true);
  });

  it("responde lo mismo a un correo desconocido y a una contraseña incorrecta, y limita los intentos", async () => {
    const unknown = await post("/admin/auth/login", { email: "nadie@cotiza.test", password: "Cualquier-cosa-1" });
    const wrong = await post("/admin/auth/login", { email: TEST_ADMIN_EMAIL, password: "Cualquier-cosa-1" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: "Correo electrónico o contraseña incorrectos" });

    await createAdmin("bloqueado", "Bloqueado-Clave-2026");
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await post("/admin/auth/login", { email: "bloqueado@cotiza.test", password: `Mala-${attempt}-clave` })).status).toBe(401);
    }
    const blocked = await post("/admin/auth/login", { email: "bloqueado@cotiza.test", password: "Bloqueado-Clave-2026" });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: "Demasiados intentos con este correo. Inténtelo de nuevo en 15 minutos." });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
  });

  it("cerrar la sesión invalida ese mismo token al instante", async () => {
    const { token } = await adminLogin();
    const other = await adminLogin();
    expect((await get("/admin/auth/me", token)).status).toBe(200);
    const logout = await post("/admin/auth/logout", undefined, token);
    expect(logout.status).toBe(204);
    const after = await get("/admin/auth/me", token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: "Sesión no válida o caducada" });
    expect((await post("/admin/auth/logout", undefined, token)).status).toBe(401);
    // Only that session ends.
    expect((await get("/admin/auth/me", other.token)).status).toBe(200);
  });

  it("al cerrar una sesión se borran las revocaciones de tokens ya caducados, no las vigentes", async () => {
    const past = new Date(Date.now() - 60_000);
    await env.database.db.insert(revokedTokens).values({ jti: "caducado-hace-un-minuto", expiresAt: past, revokedAt: past });
    const { token } = await adminLogin();
    expect((await post("/admin/auth/logout", undefined, token)).status).toBe(204);
    const jtis = (await env.database.db.select({ jti: revokedTokens.jti }).from(revokedTokens)).map((r) => r.jti);
    expect(jtis).not.toContain("caducado-hace-un-minuto");
    // The token just revoked is still refused: its row stays until it expires.
    expect((await get("/admin/auth/me", token)).status).toBe(401);
    expect(jtis.length).toBeGreaterThan(0);
  });

  it("los tokens de una cuenta desactivada dejan de valer al instante", async () => {
    const account = await createAdmin("temporal", "Temporal-Clave-2026");
    const { token } = await adminLogin("temporal@cotiza.test", "Temporal-Clave-2026");
    expect((await get("/admin/auth/me", token)).status).toBe(200);
    await env.database.db.update(adminUsers).set({ active: false }).where(eq(adminUsers.id, account.id));
    expect((await get("/admin/auth/me", token)).status).toBe(401);
    const login = await post("/admin/auth/login", { email: "temporal@cotiza.test", password: "Temporal-Clave-2026" });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ error: "Correo electrónico o contraseña incorrectos" });
  });

  it("cambiar la contraseña exige la actual y una nueva válida; después solo vale la nueva", async () => {
    await createAdmin("cambio", "Cambio-Clave-Vieja-1");
    const { token } = await adminLogin("cambio@cotiza.test", "Cambio-Clave-Vieja-1");
    const otherSession = await adminLogin("cambio@cotiza.test", "Cambio-Clave-Vieja-1");

    const wrong = await post("/admin/auth/change-password", { currentPassword: "No-es-la-actual-1", newPassword: "Cambio-Clave-Nueva-2" }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors?.currentPassword).toEqual(["La contraseña actual no es correcta"]);
    expect(wrong.body.error).toBe("La contraseña actual no es correcta");

    const weak = await post("/admin/auth/change-password", { currentPassword: "Cambio-Clave-Vieja-1", newPassword: "qwertyuiop" }, token);
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors?.newPassword).toEqual(["Esa contraseña es demasiado común; elija otra"]);

    const asEmail = await post("/admin/auth/change-password", { currentPassword: "Cambio-Clave-Vieja-1", newPassword: "cambio@cotiza.test" }, token);
    expect(asEmail.status).toBe(400);
    expect(asEmail.body.fieldErrors?.newPassword).toEqual(["La contraseña no puede ser igual a su correo electrónico"]);

    const missing = await post("/admin/auth/change-password", {}, token);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toMatchObject({
      currentPassword: ["Introduce tu contraseña actual"],
      newPassword: ["Introduce la contraseña nueva"],
    });

    expect((await post("/admin/auth/change-password", { currentPassword: "x", newPassword: "Cambio-Clave-Nueva-2" })).status).toBe(401);

    const ok = await post("/admin/auth/change-password", { currentPassword: "Cambio-Clave-Vieja-1", newPassword: "Cambio-Clave-Nueva-2" }, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ admin: { email: "cambio@cotiza.test" }, token: expect.any(String) });
    expect((await post("/admin/auth/login", { email: "cambio@cotiza.test", password: "Cambio-Clave-Vieja-1" })).status).toBe(401);
    expect((await post("/admin/auth/login", { email: "cambio@cotiza.test", password: "Cambio-Clave-Nueva-2" })).status).toBe(200);
    // Every session of the account ends, this one too; it goes on with the token of the answer.
    expect((await get("/admin/auth/me", token)).status).toBe(401);
    expect((await get("/admin/auth/me", otherSession.token)).status).toBe(401);
    expect((await get("/admin/auth/me", ok.body.token as string)).status).toBe(200);
  });
});

describe("auditoría", () => {
  it("deja filas de inicios de sesión, fallos, cierres y cambios de contraseña con la dirección y sin secretos", async () => {
    const rows = await env.database.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          "user.register",
          "user.login",
          "user.login_failed",
          "admin.login",
          "admin.login_failed",
          "admin.logout",
          "admin.password_changed",
          "admin.password_change_failed",
        ]),
      )
      .orderBy(auditLog.id);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      "user.register",
      "user.login",
      "user.login_failed",
      "admin.login",
      "admin.login_failed",
      "admin.logout",
      "admin.password_changed",
      "admin.password_change_failed",
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    for (const row of rows) {
      expect(row.ip, row.action).toMatch(/127\.0\.0\.1/);
      const stored = JSON.stringify([row.before, row.after]);
      expect(stored).not.toMatch(/scrypt\$/);
      for (const secret of [STRONG, TEST_ADMIN_PASSWORD, "Cambio-Clave-Vieja-1", "Cambio-Clave-Nueva-2", "Mala-clave"]) {
        expect(stored, row.action).not.toContain(secret);
      }
    }

    const [cambio] = await env.database.db.select().from(adminUsers).where(eq(adminUsers.username, "cambio"));
    const changed = rows.find((r) => r.action === "admin.password_changed");
    expect(changed).toMatchObject({
      actorType: "admin",
      actorId: String(cambio!.id),
      actorLabel: "cambio@cotiza.test",
      entity: "admin_user",
      entityId: String(cambio!.id),
    });

    const failedUnknown = rows.find((r) => r.action === "user.login_failed" && r.actorLabel === "nadie@example.com");
    expect(failedUnknown).toMatchObject({ actorType: "anonymous", entityId: null, after: { reason: "unknown_email" } });
    const blocked = rows.filter((r) => r.action === "user.login_failed" && r.actorLabel === "pedro@example.com");
    expect(blocked.map((r) => (r.after as { reason: string }).reason)).toEqual([
      ...Array(5).fill("wrong_password"),
      "too_many_attempts",
      "too_many_attempts",
    ]);

    const logout = rows.find((r) => r.action === "admin.logout");
    expect(logout).toMatchObject({ actorType: "admin", actorLabel: TEST_ADMIN_EMAIL });
  });
});

describe("documento OpenAPI", () => {
  it("documenta las rutas de sesión con el esquema bearerAuth", async () => {
    const doc = (await get("/openapi.json")).body as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
      components: { securitySchemes?: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    expect(doc.paths["/auth/register"]?.post?.tags).toEqual(["Autenticación"]);
    expect(doc.paths["/auth/login"]?.post).toBeTruthy();
    expect(doc.paths["/auth/profile"]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/admin/auth/login"]?.post?.tags).toEqual(["Administración: sesión"]);
    // Public operations say so: an empty security list, not a missing one.
    for (const path of ["/auth/register", "/auth/login", "/admin/auth/login"]) expect(doc.paths[path]?.post?.security, path).toEqual([]);
    for (const [path, method] of [
      ["/admin/auth/logout", "post"],
      ["/admin/auth/change-password", "post"],
      ["/admin/auth/me", "get"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, path).toEqual([{ bearerAuth: [] }]);
    }
  });
});
