// The audit log over real HTTP (/admin/audit): filters by actor, action, entity and Madrid days,
// the CSV export, the rows user and role changes leave, and no way to change or delete a row.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../api/db/schema";
import { TEST_ADMIN_EMAIL } from "../support/db";
import { auditCount, call, createRole, createUser, database, json, seededAdminId, superToken, setUpAdminApi, type Page } from "../support/admin-api";

setUpAdminApi();

describe("registro de auditoría", () => {
  const entity = `prueba-${Date.now().toString(36)}`;
  const rows = [
    { at: new Date("2020-03-01T22:30:00Z"), actorLabel: "lucia@cotiza.test", action: "prueba.uno" }, // 1 March 23:30 in Madrid
    { at: new Date("2020-03-01T23:30:00Z"), actorLabel: "lucia@cotiza.test", action: "prueba.dos" }, // 2 March 00:30 in Madrid
    { at: new Date("2020-03-02T12:00:00Z"), actorLabel: "pedro@cotiza.test", action: "prueba.uno" },
    { at: new Date("2020-03-03T12:00:00Z"), actorLabel: '=HYPERLINK("http://malo")', action: "prueba.uno" },
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

  const list = (query: string) =>
    json<Page<{ action: string; actorLabel: string; at: string; entityId: string }>>("get", `/admin/audit?entity=${entity}&${query}`, {
      token: superToken,
      status: 200,
    });

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

    const bad = await json<{ fieldErrors: Record<string, string[]> }>("get", "/admin/audit?from=2020-03-05&to=2020-03-01", {
      token: superToken,
      status: 400,
    });
    expect(bad.fieldErrors.to).toEqual(["La fecha hasta no puede ser anterior a la fecha desde"]);
    await json("get", "/admin/audit?from=2020-02-30", { token: superToken, status: 400 });
    await json("get", "/admin/audit?from=ayer", { token: superToken, status: 400 });
    await json("get", "/admin/audit?pageSize=500", { token: superToken, status: 400 });
  });

  it("busca el actor entre los actores conocidos (los de filas nuevas también) y, si coinciden muchos, en el registro", async () => {
    // 250 distinct actors containing the same text: more than the lookup's list takes.
    const many = `muchos-${Date.now().toString(36)}`;
    await database.db.insert(auditLog).values(
      Array.from({ length: 250 }, (_, i) => ({
        actorType: "admin" as const,
        actorLabel: `${many}-${i}@cotiza.test`,
        action: "prueba.muchos",
        entity,
        entityId: String(1000 + i),
      })),
    );
    const broad = await json<Page<{ actorLabel: string }>>("get", `/admin/audit?actor=${many}&pageSize=100`, { token: superToken, status: 200 });
    expect(broad.total).toBe(250);
    const one = await json<Page<{ actorLabel: string }>>("get", `/admin/audit?actor=${many}-17@`, { token: superToken, status: 200 });
    expect(one.items.map((r) => r.actorLabel)).toEqual([`${many}-17@cotiza.test`]);
    const none = await json<Page<{ actorLabel: string }>>("get", `/admin/audit?actor=${many}-nadie`, { token: superToken, status: 200 });
    expect(none.total).toBe(0);
    await database.db.delete(auditLog).where(eq(auditLog.action, "prueba.muchos"));
  });

  it("exporta CSV con cabecera en español, escapado correcto, protección de fórmulas y los mismos filtros", async () => {
    const response = await call("get", `/admin/audit/export?entity=${entity}&from=2020-03-02`, { token: superToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(
      new Date(),
    );
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="auditoria-${today}.csv"`);

    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    // Excel in Spanish: ";" between cells, dates as dd/mm/aaaa in Madrid, labels instead of codes.
    expect(text.split("\r\n")[0]).toBe("Fecha;Actor;Tipo de actor;Acción;Código de acción;Entidad;ID;IP;Antes;Después");
    expect(text).toContain(`"'=HYPERLINK(""http://malo"")"`);

    const parsed = parseCsv(text);
    expect(parsed).toEqual([
      ["Fecha", "Actor", "Tipo de actor", "Acción", "Código de acción", "Entidad", "ID", "IP", "Antes", "Después"],
      [
        "03/03/2020 13:00:00",
        `'=HYPERLINK("http://malo")`,
        "Back office",
        "prueba.uno",
        "prueba.uno",
        entity,
        "'-1+2",
        "'@10.0.0.1",
        JSON.stringify({ texto: 'con, coma y "comillas"\ny salto' }),
        '{"paso":3}',
      ],
      ["02/03/2020 13:00:00", "pedro@cotiza.test", "Back office", "prueba.uno", "prueba.uno", entity, "2", "192.0.2.1", "", '{"paso":2}'],
      ["02/03/2020 00:30:00", "lucia@cotiza.test", "Back office", "prueba.dos", "prueba.dos", entity, "1", "192.0.2.1", "", '{"paso":1}'],
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
      const response = await call(method, `/admin/audit/${first!.id}`, {
        token: superToken,
        body: method === "delete" ? undefined : { action: "x" },
      });
      expect(response.status).toBe(404);
    }
    expect((await call("delete", "/admin/audit", { token: superToken })).status).toBe(404);
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
    else if (ch === ";") {
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
