// Issue 30: the back office's searches at a large insurer's volume. A NIF found by its start, a
// policy by its car's registration or its dwelling's postal code, the old searches unchanged, and
// the pages of a search (read ids first, pageIdsOfMatches) holding the right rows in the right
// order with the right totals, page after page.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { policies } from "../../api/db/schema";
import { madridDate } from "../../api/domain/calendar";
import { database, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

setUpAdminApi();

type Page = { items: { id: number; number?: string }[]; total: number; totalCapped: boolean };
const policyList = (query: string) => json<Page>("get", `/admin/policies${query}`, { token: superToken, status: 200 });
const clientList = (query: string) => json<Page>("get", `/admin/clients${query}`, { token: superToken, status: 200 });
const ids = (page: Page) => page.items.map((r) => r.id);
const q = (text: string) => `?q=${encodeURIComponent(text)}`;

const today = madridDate(new Date());
const dwelling = { street: "Calle de la Paz 3", postalCode: "46015", city: "Valencia" };
let car: TestPolicy;
let oldCar: TestPolicy;
let home: TestPolicy;
let olderRental: TestPolicy;
let driverIn46015: TestPolicy;
/** 23 holders of one name, made in 7 moments (ties broken by id), for the pages. */
const paged: (TestPolicy & { createdAt: Date })[] = [];

beforeAll(async () => {
  const createdAt = new Date();
  car = await insertTestPolicy(database.db, {
    line: "auto",
    startDate: today,
    createdAt,
    name: "Íñigo Matrícula Prueba",
    nif: "B00019876",
    risk: { registration: "1234BCD" },
  });
  oldCar = await insertTestPolicy(database.db, { line: "auto", startDate: today, createdAt, nif: "B00029876", risk: { registration: "M1234XY" } });
  home = await insertTestPolicy(database.db, { line: "hogar", startDate: today, createdAt, risk: { postalCode: "46015", riskAddress: dwelling } });
  // A policy from before the dwelling's address was asked: the quote's postal code is the dwelling's.
  olderRental = await insertTestPolicy(database.db, { line: "alquiler", startDate: today, createdAt, risk: { postalCode: "46015" } });
  // A car whose driver lives in 46015: a postal code that is not an insured dwelling's.
  driverIn46015 = await insertTestPolicy(database.db, {
    line: "auto",
    startDate: today,
    createdAt,
    risk: { postalCode: "46015", registration: "9876FGH" },
  });
  for (let i = 0; i < 23; i += 1) {
    const at = new Date(Date.now() - (i % 7) * 60_000);
    const line = (["auto", "hogar", "alquiler"] as const)[i % 3];
    const made = await insertTestPolicy(database.db, {
      line,
      startDate: today,
      createdAt: at,
      name: `Hondarribia Paginada ${String(i).padStart(2, "0")}`,
    });
    paged.push({ ...made, createdAt: at });
  }
});

describe("buscar un NIF por su comienzo", () => {
  it("encuentra a los clientes cuyo NIF empieza así, sin distinguir mayúsculas ni separadores", async () => {
    for (const text of ["B0001", "b0001", "B-0001", "b00019"]) {
      const found = ids(await clientList(q(text)));
      expect(found, text).toContain(car.clientId);
      expect(found, text).not.toContain(oldCar.clientId);
    }
    expect(ids(await clientList(q("B0002")))).toEqual([oldCar.clientId]);
  });

  it("encuentra las pólizas de esos tomadores", async () => {
    expect(ids(await policyList(q("b0001")))).toEqual([car.id]);
    expect(ids(await policyList(q("B-0002")))).toEqual([oldCar.id]);
    // The start of a DNI, digits only.
    expect(ids(await policyList(q(home.nif.slice(0, 6))))).toContain(home.id);
  });
});

describe("buscar por el objeto asegurado", () => {
  it("encuentra un coche por su matrícula, entera o su comienzo, escrita como se escriba", async () => {
    for (const text of ["1234 BCD", "1234bcd", "1234-B", "1234"]) {
      const found = ids(await policyList(q(text)));
      expect(found, text).toContain(car.id);
      expect(found, text).not.toContain(oldCar.id);
    }
    expect(ids(await policyList(q("M-1234-XY")))).toEqual([oldCar.id]);
    expect(ids(await policyList(q("m1234")))).toEqual([oldCar.id]);
    expect(ids(await policyList(q("1234 BCF")))).toEqual([]);
  });

  it("encuentra una vivienda (hogar, alquiler) por su código postal, no un coche cuyo conductor vive allí", async () => {
    const found = await policyList(q("46015"));
    expect(ids(found).sort()).toEqual([home.id, olderRental.id].sort());
    expect(found.total).toBe(2);
    expect(ids(found)).not.toContain(driverIn46015.id);
    expect(ids(await policyList(q("46016")))).toEqual([]);
  });
});

describe("las búsquedas de antes", () => {
  it("siguen encontrando por número, NIF completo, nombre (sin acentos ni mayúsculas) y correo", async () => {
    expect(ids(await policyList(q(car.number)))).toEqual([car.id]);
    expect(ids(await policyList(q(car.number.slice(0, -1).toLowerCase())))).toContain(car.id);
    expect(ids(await policyList(q("B00019876")))).toEqual([car.id]);
    expect(ids(await clientList(q("B-0001-9876")))).toEqual([car.clientId]);
    expect(ids(await policyList(q("inigo matricula")))).toEqual([car.id]);
    expect(ids(await clientList(q("ÍÑIGO MATRÍCULA")))).toEqual([car.clientId]);
    expect(ids(await policyList(q(home.email.slice(0, 14))))).toEqual([home.id]);
    expect(ids(await clientList(q(home.email.slice(0, 14))))).toEqual([home.clientId]);
    expect(ids(await policyList(q("zzzqqq")))).toEqual([]);
  });
});

describe("las páginas de una búsqueda", () => {
  const pages = async (list: (query: string) => Promise<Page>, order: string, expected: number[]) => {
    for (let page = 1; page <= 6; page += 1) {
      const answer = await list(`${q("hondarribia paginada")}${order}&pageSize=5&page=${page}`);
      expect(ids(answer), `${order} página ${page}`).toEqual(expected.slice((page - 1) * 5, page * 5));
      expect(answer, `${order} página ${page}`).toMatchObject({ total: 23, totalCapped: false });
    }
  };
  const newestFirst = (by: (p: (typeof paged)[number]) => number) =>
    [...paged].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || by(b) - by(a)).map(by);

  it("de clientes: las filas de cada página, en su orden, con el total", async () => {
    await pages(
      clientList,
      "&sort=createdAt&dir=desc",
      newestFirst((p) => p.clientId),
    );
    await pages(
      clientList,
      "&sort=name&dir=asc",
      [...paged].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.clientId),
    );
  });

  it("de pólizas: las filas de cada página, en su orden, con el total", async () => {
    await pages(
      policyList,
      "",
      newestFirst((p) => p.id),
    );
    const byNumber = [...paged].sort((a, b) => (a.number < b.number ? -1 : 1)).map((p) => p.id);
    await pages(policyList, "&sort=number&dir=asc", byNumber);
    await pages(policyList, "&sort=number&dir=desc", [...byNumber].reverse());
    // With a range of dates too: the same rows.
    await pages(policyList, `&sort=number&dir=desc&startFrom=${today}&startTo=${today}`, [...byNumber].reverse());
  });
});

describe("el texto y el NIF del tomador guardados en cada póliza (migraciones 0033 y 0034)", () => {
  const holderText = async (policyId: number) => {
    const [row] = await database.db.select({ text: policies.holderFolded }).from(policies).where(eq(policies.id, policyId));
    return row!.text;
  };

  it("un tomador renombrado se encuentra por su nombre nuevo y no por el de antes", async () => {
    const made = await insertTestPolicy(database.db, { startDate: today, createdAt: new Date(), name: "Begoña Antigüedad Renombre" });
    expect(ids(await policyList(q("begona antiguedad")))).toEqual([made.id]);
    await json("patch", `/admin/clients/${made.clientId}`, { token: superToken, body: { name: "Álvaro Novísimo Renombre" }, status: 200 });
    for (const text of ["alvaro novisimo", "ÁLVARO NOVÍSIMO", "Novísimo Renombre"]) expect(ids(await policyList(q(text))), text).toEqual([made.id]);
    expect(ids(await policyList(q("begona antiguedad")))).toEqual([]);
    expect(ids(await policyList(q("Begoña Antigüedad")))).toEqual([]);
  });

  it("un correo cambiado o vaciado deja de encontrarse; el nuevo sí", async () => {
    const made = await insertTestPolicy(database.db, { startDate: today, createdAt: new Date(), name: "Correo Cambiante Prueba" });
    const newEmail = `nueva.direccion.${Date.now().toString(36)}@Ejemplo-Cambio.test`;
    await json("patch", `/admin/clients/${made.clientId}`, { token: superToken, body: { email: newEmail }, status: 200 });
    expect(ids(await policyList(q(made.email)))).toEqual([]);
    expect(ids(await policyList(q(newEmail.toUpperCase())))).toEqual([made.id]);
    expect(ids(await policyList(q("ejemplo-cambio.test")))).toEqual([made.id]);
    await json("patch", `/admin/clients/${made.clientId}`, { token: superToken, body: { email: null }, status: 200 });
    expect(ids(await policyList(q("ejemplo-cambio.test")))).toEqual([]);
    expect(ids(await policyList(q("correo cambiante")))).toEqual([made.id]);
  });

  it("una póliza que pasa a otro tomador se encuentra por el nuevo, y el texto no se puede escribir a mano", async () => {
    const moved = await insertTestPolicy(database.db, { startDate: today, createdAt: new Date(), name: "Ignacio Mudanza Origen" });
    const stays = await insertTestPolicy(database.db, { startDate: today, createdAt: new Date(), name: "Úrsula Mudanza Destino" });
    await database.db.update(policies).set({ clientId: stays.clientId }).where(eq(policies.id, moved.id));
    expect(ids(await policyList(q("mudanza origen")))).toEqual([]);
    expect(ids(await policyList(q("ursula mudanza destino"))).sort()).toEqual([moved.id, stays.id].sort());
    // Both of the holder's policies follow its rename.
    await json("patch", `/admin/clients/${stays.clientId}`, { token: superToken, body: { name: "Úrsula Mudanza Renombrada" }, status: 200 });
    expect(ids(await policyList(q("mudanza renombrada"))).sort()).toEqual([moved.id, stays.id].sort());
    expect(await holderText(moved.id)).toBe(`ursula mudanza renombrada\n${stays.email}`);
    // Only the database sets the text: a write of it is replaced by the holder's.
    await database.db.update(policies).set({ holderFolded: "otro texto" }).where(eq(policies.id, moved.id));
    expect(await holderText(moved.id)).toBe(`ursula mudanza renombrada\n${stays.email}`);
  });

  it("un NIF cambiado se sigue en la búsqueda por su comienzo (migración 0034), y no se puede escribir a mano", async () => {
    const made = await insertTestPolicy(database.db, { startDate: today, createdAt: new Date(), name: "Nerea Cambio Documento", nif: "71237771D" });
    expect(ids(await policyList(q("7123777")))).toEqual([made.id]);
    await json("patch", `/admin/clients/${made.clientId}`, { token: superToken, body: { nif: "71238882Q" }, status: 200 });
    expect(ids(await policyList(q("7123777")))).toEqual([]);
    expect(ids(await policyList(q("71-23888")))).toEqual([made.id]);
    // Only the database sets it: a write of it is replaced by the holder's.
    await database.db.update(policies).set({ holderNif: "71237771D" }).where(eq(policies.id, made.id));
    expect(ids(await policyList(q("7123777")))).toEqual([]);
    expect(ids(await policyList(q("7123888")))).toEqual([made.id]);
  });

  it("un texto a caballo entre el nombre y el correo no llega a buscarse: un salto de línea se rechaza", async () => {
    const made = await insertTestPolicy(database.db, { startDate: today, createdAt: new Date(), name: "Zuriñe Frontera" });
    expect(ids(await policyList(q("zurine frontera")))).toEqual([made.id]);
    expect(await holderText(made.id)).toBe(`zurine frontera\n${made.email}`);
    const seam = q(`frontera\n${made.email.slice(0, 8)}`);
    await json("get", `/admin/policies${seam}`, { token: superToken, status: 400 });
    await json("get", `/admin/clients${seam}`, { token: superToken, status: 400 });
  });
});
