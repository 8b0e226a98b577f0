import { describe, expect, it } from "vitest";
import { groupPermissions, permissionMapFrom } from "./__admin.role-form";

const catalogue = [
  { name: "users:read", group: "Usuarios", description: "Ver usuarios" },
  { name: "users:write", group: "Usuarios", description: "Gestionar usuarios" },
  { name: "clients:read", group: "Clientes", description: "Ver clientes" },
  { name: "clients:write", group: "Clientes", description: "Gestionar clientes" },
  { name: "audit:read", group: "Auditoría", description: "Ver auditoría" },
];

describe("permissionMapFrom", () => {
  it("da cada permiso del catálogo: true lo marcado, false lo demás", () => {
    expect(permissionMapFrom({ name: "x", description: "", permissions: ["users:read"], selectAll: [] }, catalogue)).toEqual({
      "users:read": true,
      "users:write": false,
      "clients:read": false,
      "clients:write": false,
      "audit:read": false,
    });
  });

  it("«Seleccionar todo» concede el grupo entero aunque no se marquen sus casillas", () => {
    const map = permissionMapFrom({ name: "x", description: "", permissions: [], selectAll: ["Clientes"] }, catalogue);
    expect(map["clients:read"]).toBe(true);
    expect(map["clients:write"]).toBe(true);
    expect(map["users:read"]).toBe(false);
  });

  it("superadmin lo conserva todo aunque sus casillas bloqueadas no se envíen", () => {
    const map = permissionMapFrom({ name: "superadmin", description: "", permissions: [], selectAll: [] }, catalogue, true);
    expect(Object.values(map).every((granted) => granted === true)).toBe(true);
  });

  it("envía un permiso desconocido como concedido para que la API lo rechace", () => {
    const map = permissionMapFrom({ name: "x", description: "", permissions: ["root:all"], selectAll: [] }, catalogue);
    expect(map["root:all"]).toBe(true);
  });
});

describe("groupPermissions", () => {
  it("agrupa por grupo en el orden del catálogo", () => {
    expect(groupPermissions(catalogue).map(({ group, permissions }) => [group, permissions.length])).toEqual([
      ["Usuarios", 2],
      ["Clientes", 2],
      ["Auditoría", 1],
    ]);
  });
});
