// /admin/policies over real HTTP: the list (search by number, NIF/NIE, name and e-mail; filters;
// sort; CSV of exactly the filtered list), one policy, the changes that keep the price (with
// before/after in the audit) and the refusal of those that would change it, and internal notes.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../api/db/schema";
import { addDays, addMonths, madridDate } from "../../api/domain/calendar";
import { call, database, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, policyRow, type TestPolicy } from "../support/policies";

setUpAdminApi();

type Row = { id: number; number: string; holder: { name: string; nif: string | null }; status: string; startDate: string; endDate: string };
type Page = { items: Row[]; total: number; totalCapped: boolean };
const list = (query: string) => json<Page>("get", `/admin/policies${query}`, { token: superToken, status: 200 });
const ids = (page: Page) => page.items.map((r) => r.id);

const today = madridDate(new Date());
let car: TestPolicy;
let home: TestPolicy;
let ending: TestPolicy;
let cancelled: TestPolicy;

beforeAll(async () => {
  const createdAt = new Date();
  car = await insertTestPolicy(database.db, { line: "auto", startDate: today, createdAt, name: "Begoña Iturriaga Zubiri" });
  home = await insertTestPolicy(database.db, { line: "hogar", startDate: addDays(today, -30), createdAt, name: "Ramón Ferrándiz Soler" });
  ending = await insertTestPolicy(database.db, { line: "hogar", startDate: addDays(addMonths(today, -12), 20), createdAt, name: "Ana Ending Prueba" });
  cancelled = await insertTestPolicy(database.db, { line: "alquiler", startDate: today, createdAt, status: "anulada", name: "Carla Anulada Prueba" });
});

describe("la lista de pólizas", () => {
  it("busca por número (o su comienzo), NIF/NIE, nombre y correo del tomador", async () => {
    expect(ids(await list(`?q=${car.number}`))).toEqual([car.id]);
    expect(ids(await list(`?q=${car.number.slice(0, -1).toLowerCase()}`))).toContain(car.id);
    expect(ids(await list(`?q=${home.nif.slice(0, 4)}-${home.nif.slice(4)}`))).toEqual([home.id]);
    expect(ids(await list("?q=iturriaga"))).toEqual([car.id]);
    expect(ids(await list(`?q=${encodeURIComponent(ending.email.slice(0, 12))}`))).toEqual([ending.id]);
    expect((await list("?q=xy")).items).toEqual([]);
  });

  it("busca el nombre del tomador sin distinguir acentos ni mayúsculas", async () => {
    expect(ids(await list(`?q=${encodeURIComponent("begona iturriaga")}`))).toEqual([car.id]);
    expect(ids(await list(`?q=${encodeURIComponent("RAMON FERRANDIZ")}`))).toEqual([home.id]);
    expect(ids(await list(`?q=${encodeURIComponent("Ferrándiz Sólér")}`))).toEqual([home.id]);
  });

  it("con un intervalo de fechas, da las mismas filas en el mismo orden que sin él, página a página", async () => {
    const from = addDays(addMonths(today, -12), 1);
    const inRange = (r: Row) => r.startDate >= from && r.startDate <= today;
    for (const order of ["", "&sort=number&dir=asc", "&sort=endDate&dir=desc", "&sort=startDate&dir=asc"]) {
      const everything = (await list(`?pageSize=100${order}`)).items.filter(inRange).map((r) => r.id);
      expect(everything.length).toBeGreaterThanOrEqual(4);
      const ranged = await list(`?startFrom=${from}&startTo=${today}&pageSize=100${order}`);
      expect(ids(ranged)).toEqual(everything);
      expect(ranged.total).toBe(everything.length);
      expect(ids(await list(`?startFrom=${from}&startTo=${today}&pageSize=1&page=2${order}`))).toEqual([everything[1]]);
      // Past the matches: no row tells their number, so it is counted.
      expect(await list(`?startFrom=${from}&startTo=${today}&pageSize=1&page=${everything.length + 1}${order}`)).toMatchObject({ items: [], total: everything.length });
    }
  });

  it("filtra por estado, ramo, fechas de efecto y renovación en N días, y ordena", async () => {
    expect(ids(await list("?status=anulada&q=prueba"))).toEqual([cancelled.id]);
    expect(ids(await list("?line=auto&q=iturriaga"))).toEqual([car.id]);
    const started = await list(`?startFrom=${addDays(today, -31)}&startTo=${addDays(today, -29)}`);
    expect(ids(started)).toEqual([home.id]);
    const renewing = ids(await list("?renewalWithin=30"));
    expect(renewing).toContain(ending.id);
    expect(renewing).not.toContain(home.id);
    const byEnd = await list("?sort=endDate&dir=asc&pageSize=100");
    const ends = byEnd.items.map((r) => r.endDate);
    expect(ends).toEqual([...ends].sort());
  });

  it("rechaza un filtro o un orden que no existen (400)", async () => {
    expect((await call("get", "/admin/policies?sort=total", { token: superToken })).status).toBe(400);
    expect((await call("get", "/admin/policies?status=perdida", { token: superToken })).status).toBe(400);
    expect((await call("get", "/admin/policies?startFrom=2027-02-30", { token: superToken })).status).toBe(400);
  });

  it("exporta en CSV exactamente la lista filtrada, con ; y BOM", async () => {
    const response = await call("get", "/admin/policies/export?q=prueba&status=anulada", { token: superToken });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Póliza;Tomador;NIF/NIE;Ramo;Plan;Estado;Efecto;Vencimiento;Prima total (€);Alta")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${cancelled.number};Carla Anulada Prueba;${cancelled.nif};Alquiler;meses_12;Anulada;`);
  });
});

describe("una póliza y sus cambios", () => {
  it("muestra la póliza con sus recibos, su historial y las acciones que admite ahora", async () => {
    const answer = await json<{ policy: { number: string; status: string }; actions: string[]; recibos: { sequence: number; actions: string[] }[]; history: { event: string }[] }>(
      "get",
      `/admin/policies/${car.id}`,
      { token: superToken, status: 200 },
    );
    expect(answer.policy).toMatchObject({ number: car.number, status: "en_vigor" });
    // "renew" opens two months before the end: not offered to a policy that starts today.
    expect(answer.actions).toEqual(["suspend", "cancel", "stop-renewal"]);
    const late = await json<{ actions: string[] }>("get", `/admin/policies/${ending.id}`, { token: superToken, status: 200 });
    // Twenty days before the end: the renewal window is open and both art. 22 notice periods have passed.
    expect(late.actions).toEqual(["suspend", "cancel", "renew"]);
    expect(answer.recibos[0]).toMatchObject({ sequence: 1, actions: ["refund"] });
    expect(answer.history.map((h) => h.event)).toEqual(["emitida"]);
    expect((await call("get", "/admin/policies/999999", { token: superToken })).status).toBe(404);
  });

  it("cambia la matrícula y el IBAN con el antes y el después en la auditoría", async () => {
    const response = await call("patch", `/admin/policies/${car.id}`, { token: superToken, body: { registration: "1234 bcd", iban: "ES91 2100 0418 4502 0005 1332" } });
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await policyRow(database.db, car.id);
    expect(row.risk.registration).toBe("1234BCD");
    expect(row).toMatchObject({ iban: "ES9121000418450200051332", paymentMethod: "sepa" });
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "policy.updated"), eq(auditLog.entityId, String(car.id))));
    expect(audit!.before).toEqual({ registration: null, iban: null });
    expect(audit!.after).toEqual({ registration: "1234BCD", iban: expect.stringMatching(/^ES91 .*1332$/) });
  });

  it("rechaza una matrícula o un IBAN no válidos (400) y una vivienda en otro código postal", async () => {
    const bad = await call("patch", `/admin/policies/${car.id}`, { token: superToken, body: { registration: "1234 AEI", iban: "ES00 0000" } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["iban", "registration"]);
    const moved = await call("patch", `/admin/policies/${home.id}`, { token: superToken, body: { riskAddress: { street: "Calle Nueva 1", postalCode: "28001", city: "Madrid" } } });
    expect(moved.status).toBe(400);
    expect(JSON.stringify(await moved.json())).toContain("debe ser el de la cotización");
  });

  it("un cambio que modifica la prima se rechaza: hace falta un suplemento (409)", async () => {
    const response = await call("patch", `/admin/policies/${home.id}`, { token: superToken, body: { frequency: "mensual", risk: { areaM2: 200 } } });
    expect(response.status).toBe(409);
    const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(answer.error).toContain("hace falta un suplemento");
    expect(Object.keys(answer.fieldErrors).sort()).toEqual(["frequency", "risk"]);
  });

  it("guarda una nota interna con su autor", async () => {
    const answer = await json<{ notes: { body: string; authorLabel: string }[] }>("post", `/admin/policies/${home.id}/notes`, {
      token: superToken,
      body: { body: "Llamó para preguntar por la renovación" },
      status: 200,
    });
    expect(answer.notes[0]).toMatchObject({ body: "Llamó para preguntar por la renovación", authorLabel: "admin@cotiza.test" });
  });
});
