// Back-office roles over real HTTP (/admin/roles): the full permission map, validation and
// duplicates, edits that apply at once and are audited, the superadmin and system roles, deletion.
import { describe, expect, it } from "vitest";
import { PERMISSION_NAMES } from "../../api/domain/permissions";
import { TEST_ADMIN_EMAIL } from "../support/db";
import {
  allPermissions,
  auditCount,
  auditRows,
  call,
  createRole,
  createUser,
  json,
  login,
  superToken,
  unique,
  setUpAdminApi,
  type RoleAnswer,
} from "../support/admin-api";

setUpAdminApi();

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
    expect(
      Object.entries(created.permissions)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(["audit:read"]);

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
    const noName = await json<{ fieldErrors: Record<string, string[]> }>("post", "/admin/roles", {
      token: superToken,
      body: { permissions: {} },
      status: 400,
    });
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
    expect(await json("delete", `/admin/roles/${superadmin.id}`, { token: superToken, status: 409 })).toEqual({
      error: "No se puede eliminar el rol superadmin",
    });
    expect(await json("delete", `/admin/roles/${gestor.id}`, { token: superToken, status: 409 })).toEqual({
      error: "No se puede eliminar un rol del sistema",
    });
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
});
