// The list kit over real HTTP: every list sorts by its whitelisted keys both ways, refuses what
// it cannot honour with a 400, counts only up to its cap, and exports every matching row.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { COUNT_CAP } from "../../api/contract/list-query";
import { call, createRole, createUser, database, json, setUpAdminApi, superToken, unique, type Page, type UserAnswer } from "../support/admin-api";

setUpAdminApi();

type ListAnswer<T> = Page<T> & { totalCapped: boolean; sort: string; dir: string };

describe("el kit de listas", () => {
  const prefix = unique("orden");
  beforeAll(async () => {
    const role = await createRole({ "dashboard:read": true });
    for (const name of ["carla", "ana", "berta"]) await createUser(role.id, `${prefix}-${name}`);
  });

  const users = (query: string) => json<ListAnswer<UserAnswer>>("get", `/admin/users?q=${prefix}&${query}`, { token: superToken, status: 200 });

  it("ordena por cada columna permitida en los dos sentidos y lo dice en la respuesta", async () => {
    const asc = await users("sort=username&dir=asc");
    expect(asc.items.map((u) => u.username)).toEqual([`${prefix}-ana`, `${prefix}-berta`, `${prefix}-carla`]);
    expect(asc).toMatchObject({ total: 3, totalCapped: false, sort: "username", dir: "asc" });
    const desc = await users("sort=email&dir=desc");
    expect(desc.items.map((u) => u.username)).toEqual([`${prefix}-carla`, `${prefix}-berta`, `${prefix}-ana`]);
  });

  it("responde 400 a un orden desconocido, a una página imposible y a una demasiado profunda", async () => {
    const unknown = await json<{ fieldErrors: Record<string, string[]> }>("get", "/admin/users?sort=passwordHash", {
      token: superToken,
      status: 400,
    });
    expect(unknown.fieldErrors.sort?.[0]).toMatch(/^Orden desconocido/);
    await json("get", "/admin/audit?sort=id", { token: superToken, status: 400 });
    await json("get", "/admin/audit?dir=up", { token: superToken, status: 400 });
    await json("get", "/admin/audit?page=99999999999999999999", { token: superToken, status: 400 });
    const deep = await json<{ fieldErrors: Record<string, string[]> }>("get", "/admin/audit?page=501", { token: superToken, status: 400 });
    expect(deep.fieldErrors.page?.[0]).toMatch(/primeros 10\.000 resultados/);
    await json("get", "/me/quotes?sort=inputs", { status: 401 });
  });

  describe("con más filas que el tope del recuento", () => {
    const entity = unique("volumen");
    const rows = COUNT_CAP + 50;
    beforeAll(async () => {
      await database.db.execute(sql`
        insert into audit_log (at, actor_type, actor_label, action, entity, entity_id)
        select timestamp '2021-01-01 00:00:00+00' + n * interval '1 second', 'system', 'carga', 'seed', ${entity}, n::text
        from generate_series(1, ${rows}) as n`);
    });

    it("dice «más de 10.000» en vez de contarlas todas, y la última página alcanzable responde", async () => {
      const first = await json<ListAnswer<{ entityId: string }>>("get", `/admin/audit?entity=${entity}`, { token: superToken, status: 200 });
      expect(first).toMatchObject({ total: COUNT_CAP, totalCapped: true, page: 1, pageSize: 20 });
      expect(first.items[0]!.entityId).toBe(String(rows));
      const last = await json<ListAnswer<{ entityId: string }>>("get", `/admin/audit?entity=${entity}&page=500`, { token: superToken, status: 200 });
      expect(last.items.map((r) => r.entityId)).toEqual(Array.from({ length: 20 }, (_, i) => String(rows - 9_980 - i)));
    });

    it("exporta en CSV todas las filas que cumplen los filtros, en el orden de la lista, sin tope", async () => {
      const response = await call("get", `/admin/audit/export?entity=${entity}&sort=at&dir=asc`, { token: superToken });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const lines = (await response.text()).split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(rows + 1);
      expect(lines[1]!.split(";")[6]).toBe("1");
      expect(lines.at(-1)!.split(";")[6]).toBe(String(rows));
    });
  });
});
