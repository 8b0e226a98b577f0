// The permission catalogue over real HTTP (/admin/permissions).
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../api/domain/permissions";
import { json, superToken, setUpAdminApi } from "../support/admin-api";

setUpAdminApi();

describe("roles y permisos", () => {
  it("GET /admin/permissions devuelve el catálogo en su orden, con grupo y descripción", async () => {
    const answer = await json<{ items: { name: string; description: string; group: string }[] }>("get", "/admin/permissions", {
      token: superToken,
      status: 200,
    });
    expect(answer.items).toEqual(PERMISSIONS.map(({ name, description, group }) => ({ name, description, group })));
  });
});
