// /admin/policies over real HTTP: the list (search by number, NIF/NIE, name and e-mail; filters;
// sort; CSV of exactly the filtered list), one policy, the changes that keep the price (with
// before/after in the audit) and the refusal of those that would change it, internal notes, and
// the policy's PDFs for staff with documents:read (ADR 036).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../api/db/schema";
import { addDays, addMonths, madridDate } from "../../api/domain/calendar";
import { adminWith, allPermissions, call, database, FORBIDDEN, json, setUpAdminApi, superToken } from "../support/admin-api";
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
  ending = await insertTestPolicy(database.db, {
    line: "hogar",
    startDate: addDays(addMonths(today, -12), 20),
    createdAt,
    name: "Ana Ending Prueba",
  });
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
      expect(await list(`?startFrom=${from}&startTo=${today}&pageSize=1&page=${everything.length + 1}${order}`)).toMatchObject({
        items: [],
        total: everything.length,
      });
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

  it("da el nombre del plan del catálogo junto a su código", async () => {
    const [row] = (await list(`?q=${cancelled.number}`)).items as (Row & { planCode: string; planName: string })[];
    expect(row).toMatchObject({ planCode: "meses_12", planName: "12 meses" });
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
    expect(lines[1]).toContain(`${cancelled.number};Carla Anulada Prueba;${cancelled.nif};Alquiler;12 meses;Anulada;`);
  });
});

describe("una póliza y sus cambios", () => {
  it("muestra la póliza con sus recibos, su historial y las acciones que admite ahora", async () => {
    const answer = await json<{
      policy: { number: string; status: string };
      actions: string[];
      recibos: { sequence: number; actions: string[] }[];
      history: { event: string }[];
    }>("get", `/admin/policies/${car.id}`, { token: superToken, status: 200 });
    expect(answer.policy).toMatchObject({ number: car.number, status: "en_vigor" });
    // "renew" opens two months before the end: not offered to a policy that starts today.
    expect(answer.actions).toEqual(["suspend", "cancel", "stop-renewal"]);
    const late = await json<{ actions: string[] }>("get", `/admin/policies/${ending.id}`, { token: superToken, status: 200 });
    // Twenty days before the end: the renewal window is open and both art. 22 notice periods have passed.
    expect(late.actions).toEqual(["suspend", "cancel", "renew"]);
    expect(answer.recibos[0]).toMatchObject({ sequence: 1, actions: ["return", "refund"] });
    expect(answer.history.map((h) => h.event)).toEqual(["emitida"]);
    expect((await call("get", "/admin/policies/999999", { token: superToken })).status).toBe(404);
  });

  it("cambia la matrícula y el IBAN con el antes y el después en la auditoría", async () => {
    const response = await call("patch", `/admin/policies/${car.id}`, {
      token: superToken,
      body: { registration: "1234 bcd", iban: "ES91 2100 0418 4502 0005 1332" },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await policyRow(database.db, car.id);
    expect(row.risk.registration).toBe("1234BCD");
    expect(row).toMatchObject({ iban: "ES9121000418450200051332", paymentMethod: "sepa" });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.updated"), eq(auditLog.entityId, String(car.id))));
    // A new IBAN is a new SEPA mandate (ADR 029): the card policy had none.
    expect(audit!.before).toEqual({ registration: null, iban: null, mandate: null });
    expect(audit!.after).toEqual({ registration: "1234BCD", iban: expect.stringMatching(/^ES91 .*1332$/), mandate: `COT-${car.number}-1` });
  });

  it("rechaza una matrícula o un IBAN no válidos (400) y una vivienda en otro código postal", async () => {
    const bad = await call("patch", `/admin/policies/${car.id}`, { token: superToken, body: { registration: "1234 AEI", iban: "ES00 0000" } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["iban", "registration"]);
    const moved = await call("patch", `/admin/policies/${home.id}`, {
      token: superToken,
      body: { riskAddress: { street: "Calle Nueva 1", postalCode: "28001", city: "Madrid" } },
    });
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

describe("los documentos de una póliza para el equipo", () => {
  let reader: string;
  let withoutRead: string;
  beforeAll(async () => {
    reader = (await adminWith({ "documents:read": true })).token;
    withoutRead = (await adminWith({ ...allPermissions(), "documents:read": false })).token;
  });

  const download = async (path: string, token: string) => {
    const response = await call("get", path, { token });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("descarga las condiciones particulares y cada recibo en PDF con documents:read, sin caché compartida", async () => {
    const conditions = await download(`/admin/policies/${car.id}/documents/conditions`, reader);
    expect(conditions.response.status).toBe(200);
    expect(conditions.response.headers.get("content-type")).toBe("application/pdf");
    expect(conditions.response.headers.get("content-disposition")).toBe(`attachment; filename="condiciones-particulares-${car.number}.pdf"`);
    expect(conditions.response.headers.get("cache-control")).toBe("private, no-store");
    expect(conditions.bytes.subarray(0, 5).toString()).toBe("%PDF-");

    for (const { sequence } of car.recibos) {
      const recibo = await download(`/admin/policies/${car.id}/documents/recibos/${sequence}`, reader);
      expect(recibo.response.status).toBe(200);
      expect(recibo.response.headers.get("content-disposition")).toBe(`attachment; filename="recibo-${car.number}-${sequence}.pdf"`);
      expect(recibo.response.headers.get("cache-control")).toBe("private, no-store");
      expect(recibo.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  it("niega los documentos a un rol sin documents:read (403), aunque lea pólizas", async () => {
    for (const path of [`/admin/policies/${car.id}/documents/conditions`, `/admin/policies/${car.id}/documents/recibos/1`]) {
      const response = await call("get", path, { token: withoutRead });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
  });

  it("responde 404 con el mensaje en español a una póliza o un recibo que no existen", async () => {
    const missingPolicy = await call("get", "/admin/policies/999999/documents/conditions", { token: reader });
    expect(missingPolicy.status).toBe(404);
    expect(await missingPolicy.json()).toEqual({ error: "No existe esa póliza" });
    const missingPolicyRecibo = await call("get", "/admin/policies/999999/documents/recibos/1", { token: reader });
    expect(missingPolicyRecibo.status).toBe(404);
    expect(await missingPolicyRecibo.json()).toEqual({ error: "No existe esa póliza" });
    const missingRecibo = await call("get", `/admin/policies/${car.id}/documents/recibos/${car.recibos.length + 1}`, { token: reader });
    expect(missingRecibo.status).toBe(404);
    expect(await missingRecibo.json()).toEqual({ error: "No existe ese recibo en esta póliza" });
  });
});
