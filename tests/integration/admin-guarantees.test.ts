// The guarantee catalogue over real HTTP (ADR 016): CRUD with its audit, the Spanish 400s, the code
// unique per line, versioned prices with an effective date (the API's clock is moved here), quotes
// that keep the price they were given, deactivation, and the guarantees:read/write guard.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, madridDate } from "../../api/domain/calendar";
import { policies } from "../../api/db/schema";
import { adminWith, auditRows, call, database, FORBIDDEN, json, login, setUpAdminApi, superToken } from "../support/admin-api";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { insertTestPolicy } from "../support/policies";
import { AUTO } from "../support/quote-inputs";

let clock = new Date();
setUpAdminApi({ now: () => clock });

type PriceVersion = { version: number; priceType: string; priceValue: number; validFrom: string; createdBy: string | null; status: string };
type Detail = {
  id: number;
  line: string;
  code: string;
  name: string;
  description: string;
  hint: string | null;
  active: boolean;
  includedIn: { code: string }[];
  optionalIn: { code: string }[];
  price: { priceType: string; priceValue: number };
  nextPrice: { priceValue: number; validFrom: string } | null;
  livePolicies: number;
  waitingDays: number;
  deductibleCents: number;
  today: string;
  prices: PriceVersion[];
  history: { action: string; actorLabel: string | null }[];
};
type Quote = { id: string; plans: { code: string; optionalGuarantees: { code: string; priceCents: number }[] }[] };
type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

let codes = 0;
const code = (prefix = "prueba") => `${prefix}_${++codes}_${Date.now().toString(36)}`;
const body = (overrides: Record<string, unknown> = {}) => ({
  line: "auto",
  code: code(),
  name: "Asistencia al vehículo eléctrico",
  description: "Grúa y carga de emergencia si la batería se agota en carretera.",
  hint: "Solo para coches eléctricos o híbridos enchufables",
  includedIn: ["todo_riesgo"],
  optionalIn: ["terceros", "terceros_ampliado"],
  priceType: "fixed",
  priceValue: 1500,
  limitText: "Hasta 300 km de remolque",
  limitCents: null,
  deductibleCents: 0,
  ...overrides,
});
const create = (overrides: Record<string, unknown> = {}, token = superToken) =>
  json<Detail>("post", "/admin/guarantees", { token, body: body(overrides), status: 201 });
const detail = (id: number, token = superToken) => json<Detail>("get", `/admin/guarantees/${id}`, { token, status: 200 });
/** A car quote made by staff; the optional prices of plan `terceros`, by guarantee code. */
async function quote(token = superToken): Promise<Quote> {
  return json<Quote>("post", "/admin/policies/quotes", { token, body: { line: "auto", inputs: AUTO }, status: 201 });
}
const optionalPrice = (q: Quote, guarantee: string) =>
  q.plans.find((p) => p.code === "terceros")!.optionalGuarantees.find((g) => g.code === guarantee)?.priceCents;

describe("crear, ver, listar y editar garantías", () => {
  it("crea una garantía con su primer precio en vigor hoy, sus planes y su auditoría", async () => {
    const created = await create();
    expect(created).toMatchObject({
      line: "auto",
      name: "Asistencia al vehículo eléctrico",
      hint: "Solo para coches eléctricos o híbridos enchufables",
      active: true,
      includedIn: [{ code: "todo_riesgo" }],
      optionalIn: [{ code: "terceros" }, { code: "terceros_ampliado" }],
      price: { priceType: "fixed", priceValue: 1500 },
      nextPrice: null,
      livePolicies: 0,
      waitingDays: 0,
    });
    expect(created.prices).toEqual([
      expect.objectContaining({ version: 1, priceValue: 1500, validFrom: madridDate(clock), createdBy: TEST_ADMIN_EMAIL, status: "vigente" }),
    ]);
    expect(created.history).toEqual([expect.objectContaining({ action: "guarantee.created", actorLabel: TEST_ADMIN_EMAIL })]);
    expect(await auditRows("guarantee.created", created.id)).toHaveLength(1);
    expect(await detail(created.id)).toEqual(created);
  });

  it("lista con filtros, búsqueda, orden y paginación, y exporta en CSV lo filtrado", async () => {
    const created = await create({ name: "Garantía Única Buscable" });
    const page = await json<{ items: Detail[]; total: number }>("get", "/admin/guarantees?q=unica%20buscable&line=auto&state=activa", {
      token: superToken,
      status: 200,
    });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: created.id, code: created.code, price: { priceType: "fixed", priceValue: 1500 } });
    const none = await json<{ total: number }>("get", "/admin/guarantees?q=unica%20buscable&state=inactiva", { token: superToken, status: 200 });
    expect(none.total).toBe(0);
    const hogar = await json<{ items: Detail[] }>("get", "/admin/guarantees?line=hogar&sort=name&dir=desc&pageSize=5", {
      token: superToken,
      status: 200,
    });
    expect(hogar.items).toHaveLength(5);
    expect(hogar.items.every((g) => g.line === "hogar")).toBe(true);
    const names = hogar.items.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, "es")));
    expect((await call("get", "/admin/guarantees?sort=precio", { token: superToken })).status).toBe(400);

    const csv = await call("get", "/admin/guarantees/export?q=unica%20buscable", { token: superToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Ramo;Código;Nombre;Incluida en;Opcional en;Tipo de precio;Precio;Límite;Franquicia;Carencia (días);Estado;Pólizas vivas");
    expect(text).toContain(`Coche;${created.code};Garantía Única Buscable;Todo riesgo;`);
    expect(text.trim().split("\r\n")).toHaveLength(2);
  });

  it("edita los datos y los planes, y la auditoría guarda el antes y el después", async () => {
    const created = await create();
    const edited = await json<Detail>("patch", `/admin/guarantees/${created.id}`, {
      token: superToken,
      body: { name: "Asistencia eléctrica", includedIn: [], optionalIn: ["terceros"], deductibleCents: 5000 },
      status: 200,
    });
    expect(edited).toMatchObject({
      name: "Asistencia eléctrica",
      includedIn: [],
      optionalIn: [{ code: "terceros" }],
      deductibleCents: 5000,
      code: created.code,
    });
    const [row] = await auditRows("guarantee.updated", created.id);
    expect(row!.before).toMatchObject({ name: "Asistencia al vehículo eléctrico", includedIn: ["todo_riesgo"], deductibleCents: 0 });
    expect(row!.after).toMatchObject({ name: "Asistencia eléctrica", includedIn: [], optionalIn: ["terceros"], deductibleCents: 5000 });
    // The price never changes through PATCH.
    const refused = await json<ErrorBody>("patch", `/admin/guarantees/${created.id}`, { token: superToken, body: { priceValue: 1 }, status: 400 });
    expect(refused.error).toBe("Datos no válidos");
    expect((await call("get", "/admin/guarantees/999999", { token: superToken })).status).toBe(404);
  });

  it("la carencia: se crea y se edita en días (0 a 365), con su antes y después en la auditoría; otro valor, 400 con el motivo", async () => {
    const created = await create({ line: "alquiler", includedIn: [], optionalIn: ["meses_12"], waitingDays: 15 });
    expect(created.waitingDays).toBe(15);
    const edited = await json<Detail>("patch", `/admin/guarantees/${created.id}`, { token: superToken, body: { waitingDays: 30 }, status: 200 });
    expect(edited.waitingDays).toBe(30);
    expect((await detail(created.id)).waitingDays).toBe(30);
    const rows = await auditRows("guarantee.updated", created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toEqual({ waitingDays: 15 });
    expect(rows[0]!.after).toEqual({ waitingDays: 30 });
    // The list carries it too (and the claims' cover rules read it from the catalogue, ADR 042).
    const page = await json<{ items: Detail[] }>("get", `/admin/guarantees?q=${created.code}`, { token: superToken, status: 200 });
    expect(page.items[0]!.waitingDays).toBe(30);

    for (const waitingDays of [366, -1, 2.5, "30"]) {
      const refused = await json<ErrorBody>("patch", `/admin/guarantees/${created.id}`, { token: superToken, body: { waitingDays }, status: 400 });
      expect(refused.fieldErrors?.waitingDays).toEqual(["Indica la carencia en días: un número entero de 0 a 365 (0 si no tiene)"]);
    }
    const badNew = await json<ErrorBody>("post", "/admin/guarantees", { token: superToken, body: body({ waitingDays: 400 }), status: 400 });
    expect(badNew.fieldErrors?.waitingDays).toEqual(["Indica la carencia en días: un número entero de 0 a 365 (0 si no tiene)"]);
    // Nothing changed and nothing more was audited.
    expect((await detail(created.id)).waitingDays).toBe(30);
    expect(await auditRows("guarantee.updated", created.id)).toHaveLength(1);
  });
});

describe("las reglas, con mensajes en español", () => {
  it("400 con los errores de cada campo", async () => {
    const answer = await json<ErrorBody>("post", "/admin/guarantees", {
      token: superToken,
      body: { line: "vida", code: "Con Espacios", name: "", description: "corta", priceType: "gratis", priceValue: -1 },
      status: 400,
    });
    expect(answer.fieldErrors).toMatchObject({
      line: ["Elige un ramo de la lista"],
      code: ["Indica un código de 2 a 60 letras minúsculas, cifras o guiones bajos (por ejemplo, auto_lunas)"],
      name: ["Indica el nombre de la garantía"],
      description: ["Describe la garantía tal como la leerá el cliente"],
      priceType: ["Elige si el precio es un importe fijo o un porcentaje"],
      priceValue: ["Indica un importe anual en euros mayor que 0 (por ejemplo, 25,50)"],
    });
  });

  it("rechaza un porcentaje mayor que 100 y acepta 100", async () => {
    const answer = await json<ErrorBody>("post", "/admin/guarantees", {
      token: superToken,
      body: body({ priceType: "percent", priceValue: 10_001 }),
      status: 400,
    });
    expect(answer.fieldErrors?.priceValue).toEqual(["Un porcentaje no puede ser mayor que 100"]);
    const hundred = await create({ priceType: "percent", priceValue: 10_000 });
    const version = await json<ErrorBody>("post", `/admin/guarantees/${hundred.id}/prices`, {
      token: superToken,
      body: { priceType: "percent", priceValue: 12_000, validFrom: madridDate(clock) },
      status: 400,
    });
    expect(version.fieldErrors?.priceValue).toEqual(["Un porcentaje no puede ser mayor que 100"]);
  });

  it("un plan no puede incluirla y ofrecerla a la vez, ni ser de otro ramo", async () => {
    const both = await json<ErrorBody>("post", "/admin/guarantees", {
      token: superToken,
      body: body({ includedIn: ["terceros"], optionalIn: ["terceros"] }),
      status: 400,
    });
    expect(both.fieldErrors?.optionalIn).toEqual(["Un plan no puede incluir la garantía y ofrecerla como opcional a la vez"]);
    const other = await json<ErrorBody>("post", "/admin/guarantees", {
      token: superToken,
      body: body({ includedIn: ["basico"], optionalIn: [] }),
      status: 400,
    });
    expect(other.fieldErrors?.includedIn).toEqual(["Elige solo planes del ramo de la garantía"]);
    const created = await create();
    const patched = await json<ErrorBody>("patch", `/admin/guarantees/${created.id}`, {
      token: superToken,
      body: { optionalIn: ["todo_riesgo"] },
      status: 400,
    });
    expect(patched.fieldErrors?.optionalIn).toEqual(["Un plan no puede incluir la garantía y ofrecerla como opcional a la vez"]);
  });

  it("el código es único dentro del ramo (409), no entre ramos", async () => {
    const first = await create();
    const again = await json<ErrorBody>("post", "/admin/guarantees", { token: superToken, body: body({ code: first.code }), status: 409 });
    expect(again).toEqual({
      error: "Ya hay otra garantía con ese código en este ramo",
      fieldErrors: { code: ["Ya hay otra garantía con ese código en este ramo"] },
    });
    const seeded = await json<ErrorBody>("post", "/admin/guarantees", { token: superToken, body: body({ code: "auto_lunas" }), status: 409 });
    expect(seeded.error).toBe("Ya hay otra garantía con ese código en este ramo");
    const hogar = await create({ code: first.code, line: "hogar", includedIn: ["premium"], optionalIn: ["basico"] });
    expect(hogar).toMatchObject({ line: "hogar", code: first.code });
  });

  it("la fecha de efecto de un precio no puede ser anterior a hoy", async () => {
    const created = await create();
    const answer = await json<ErrorBody>("post", `/admin/guarantees/${created.id}/prices`, {
      token: superToken,
      body: { priceType: "fixed", priceValue: 2000, validFrom: addDays(madridDate(clock), -1) },
      status: 400,
    });
    expect(answer.fieldErrors?.validFrom).toEqual(["La fecha de efecto no puede ser anterior a hoy"]);
  });
});

describe("precios con fecha de efecto y cotizaciones", () => {
  it("un precio futuro no cambia las cotizaciones de hoy; se aplica desde su fecha, y una cotización conserva su precio", async () => {
    const start = clock;
    try {
      const created = await create();
      const before = await quote();
      expect(optionalPrice(before, created.code)).toBe(1500);

      const inTwoDays = addDays(madridDate(clock), 2);
      const scheduled = await json<Detail>("post", `/admin/guarantees/${created.id}/prices`, {
        token: superToken,
        body: { priceType: "fixed", priceValue: 2500, validFrom: inTwoDays },
        status: 201,
      });
      expect(scheduled.price).toEqual({ priceType: "fixed", priceValue: 1500 });
      expect(scheduled.nextPrice).toMatchObject({ priceValue: 2500, validFrom: inTwoDays });
      expect(scheduled.prices.map((p) => [p.version, p.status])).toEqual([
        [2, "programado"],
        [1, "vigente"],
      ]);
      expect(scheduled.history[0]).toMatchObject({ action: "guarantee.price_changed", actorLabel: TEST_ADMIN_EMAIL });

      // Today: still the old price.
      const today = await quote();
      expect(optionalPrice(today, created.code)).toBe(1500);

      // The day before: still the old one; on the effective day: the new one.
      clock = new Date(`${addDays(inTwoDays, -1)}T21:00:00.000Z`); // 22:00 in Madrid, the day before
      const token = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
      expect(optionalPrice(await quote(token), created.code)).toBe(1500);
      clock = new Date(`${addDays(inTwoDays, -1)}T23:30:00.000Z`); // 00:30 in Madrid on the effective day
      expect(optionalPrice(await quote(token), created.code)).toBe(2500);
      expect((await detail(created.id, token)).prices.map((p) => [p.version, p.status])).toEqual([
        [2, "vigente"],
        [1, "anterior"],
      ]);

      // The quotes made before keep the price they were given.
      const kept = await json<Quote>("get", `/admin/policies/quotes/${before.id}`, { token, status: 200 });
      expect(optionalPrice(kept, created.code)).toBe(1500);
    } finally {
      clock = start;
    }
  });

  it("un precio con efecto hoy se aplica a la siguiente cotización, y la anterior conserva el suyo", async () => {
    const created = await create({ priceType: "percent", priceValue: 1000 });
    const before = await quote();
    const oldPrice = optionalPrice(before, created.code)!;
    await json("post", `/admin/guarantees/${created.id}/prices`, {
      token: superToken,
      body: { priceType: "percent", priceValue: 2000, validFrom: madridDate(clock) },
      status: 201,
    });
    const after = await quote();
    expect(optionalPrice(after, created.code)).toBe(oldPrice * 2);
    const kept = await json<Quote>("get", `/admin/policies/quotes/${before.id}`, { token: superToken, status: 200 });
    expect(optionalPrice(kept, created.code)).toBe(oldPrice);
  });
});

describe("desactivar y activar", () => {
  it("una garantía desactivada no se ofrece en las cotizaciones nuevas y sigue en las pólizas que la llevan", async () => {
    const created = await create({ line: "hogar", includedIn: [], optionalIn: ["basico"] });
    const policy = await insertTestPolicy(database.db, { startDate: madridDate(clock), createdAt: clock, line: "hogar" });
    await database.db
      .update(policies)
      .set({ optionalGuarantees: [created.code] })
      .where(eq(policies.id, policy.id));
    expect((await detail(created.id)).livePolicies).toBe(1);
    const listed = await json<{ items: Detail[] }>("get", `/admin/guarantees?q=${created.code}`, { token: superToken, status: 200 });
    expect(listed.items[0]?.livePolicies).toBe(1);

    const carQuoteGuarantee = await create();
    expect(optionalPrice(await quote(), carQuoteGuarantee.code)).toBe(1500);

    const off = await json<Detail>("post", `/admin/guarantees/${carQuoteGuarantee.id}/deactivate`, { token: superToken, status: 200 });
    expect(off.active).toBe(false);
    expect(optionalPrice(await quote(), carQuoteGuarantee.code)).toBeUndefined();
    const twice = await json<ErrorBody>("post", `/admin/guarantees/${carQuoteGuarantee.id}/deactivate`, { token: superToken, status: 409 });
    expect(twice.error).toBe("La garantía ya está desactivada");
    expect(await auditRows("guarantee.deactivated", carQuoteGuarantee.id)).toHaveLength(1);
    const inactive = await json<{ items: Detail[] }>("get", `/admin/guarantees?state=inactiva&q=${carQuoteGuarantee.code}`, {
      token: superToken,
      status: 200,
    });
    expect(inactive.items.map((g) => g.id)).toEqual([carQuoteGuarantee.id]);

    // The hogar one, carried by a live policy: deactivated, it stays on the policy.
    await json("post", `/admin/guarantees/${created.id}/deactivate`, { token: superToken, status: 200 });
    const policyView = await call("get", `/admin/policies/${policy.id}`, { token: superToken });
    expect(policyView.status).toBe(200);
    expect(await policyView.text()).toContain(created.name);

    const on = await json<Detail>("post", `/admin/guarantees/${carQuoteGuarantee.id}/activate`, { token: superToken, status: 200 });
    expect(on.active).toBe(true);
    expect(optionalPrice(await quote(), carQuoteGuarantee.code)).toBe(1500);
    expect((await json<ErrorBody>("post", `/admin/guarantees/${carQuoteGuarantee.id}/activate`, { token: superToken, status: 409 })).error).toBe(
      "La garantía ya está activa",
    );
  });

  it("no hay forma de borrar una garantía", async () => {
    const created = await create();
    expect((await call("delete", `/admin/guarantees/${created.id}`, { token: superToken })).status).toBe(404);
  });
});

describe("permisos", () => {
  const endpoints = (id: number) => [
    { method: "get", path: "/admin/guarantees", write: false },
    { method: "get", path: "/admin/guarantees/export", write: false },
    { method: "get", path: `/admin/guarantees/${id}`, write: false },
    { method: "post", path: "/admin/guarantees", write: true, body: body() },
    { method: "patch", path: `/admin/guarantees/${id}`, write: true, body: { name: "Otro nombre" } },
    {
      method: "post",
      path: `/admin/guarantees/${id}/prices`,
      write: true,
      body: { priceType: "fixed", priceValue: 100, validFrom: madridDate(clock) },
    },
    { method: "post", path: `/admin/guarantees/${id}/deactivate`, write: true },
    { method: "post", path: `/admin/guarantees/${id}/activate`, write: true },
  ];

  it("sin guarantees:read, 403 en todos los endpoints", async () => {
    const { token } = await adminWith({ "policies:read": true, "clients:read": true });
    const created = await create();
    for (const e of endpoints(created.id)) {
      const answer = await call(e.method, e.path, { token, body: e.body });
      expect(answer.status, `${e.method} ${e.path}`).toBe(403);
      expect(await answer.json()).toEqual(FORBIDDEN);
    }
  });

  it("con guarantees:read pero sin guarantees:write, lee (200) y no escribe (403)", async () => {
    const { token } = await adminWith({ "guarantees:read": true });
    const created = await create();
    for (const e of endpoints(created.id)) {
      const answer = await call(e.method, e.path, { token, body: e.body });
      expect(answer.status, `${e.method} ${e.path}`).toBe(e.write ? 403 : 200);
    }
    const unchanged = await detail(created.id);
    expect(unchanged).toMatchObject({ name: created.name, active: true, prices: [expect.objectContaining({ version: 1 })] });
  });
});
