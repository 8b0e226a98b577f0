// Back-office users over real HTTP (/admin/users): create, validate, search and paginate, change
// role or state, reset passwords, the last superadmin, and no granting more than one holds.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers } from "../../api/db/schema";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import {
  adminWith,
  allPermissions,
  auditCount,
  auditRows,
  call,
  createRole,
  createUser,
  database,
  json,
  login,
  PASSWORD,
  seededAdminId,
  superToken,
  unique,
  setUpAdminApi,
  type Page,
  type RoleAnswer,
  type UserAnswer,
} from "../support/admin-api";

setUpAdminApi();

describe("usuarios del back office", () => {
  it("crea un usuario con su rol, lo lee y guarda el correo en minúsculas", async () => {
    const role = await createRole({ "dashboard:read": true });
    const username = unique("ana");
    const created = await json<UserAnswer>("post", "/admin/users", {
      token: superToken,
      body: { username: username.toUpperCase(), email: `${username.toUpperCase()}@Cotiza.TEST`, password: PASSWORD, roleId: role.id },
      status: 201,
    });
    expect(created).toMatchObject({
      username,
      email: `${username}@cotiza.test`,
      active: true,
      role: { id: role.id, name: role.name },
      lastLoginAt: null,
    });
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
      pages.push(
        await json<Page<UserAnswer>>("get", `/admin/users?q=${tag.toUpperCase()}&page=${page}&pageSize=2`, { token: superToken, status: 200 }),
      );
    }
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.items.map((u) => u.username))).toEqual([names.slice(0, 2), names.slice(2, 4), names.slice(4)]);
    expect(pages[1]).toMatchObject({ page: 2, pageSize: 2 });

    // The e-mail is searched too; LIKE wildcards are plain characters.
    const byEmail = await json<Page<UserAnswer>>("get", `/admin/users?q=${encodeURIComponent(`${tag}-c@cotiza`)}`, {
      token: superToken,
      status: 200,
    });
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
    expect(updates.every((r) => r.actorType === "admin" && r.actorId === String(seededAdminId) && r.actorLabel === TEST_ADMIN_EMAIL && r.ip)).toBe(
      true,
    );

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
    await json("post", "/admin/roles", {
      token: roleEditor.token,
      body: { name: unique("lector"), permissions: { "roles:read": true } },
      status: 201,
    });
  });
});
