// The return imports and the remittances on the list kit (ADR 010, 029, 030): paging, the sort
// whitelist, each filter (days in Madrid, both inclusive), the refusals of bad filters, and the
// kit's answer { items, total, totalCapped, page, pageSize, sort, dir }.
import { beforeAll, describe, expect, it } from "vitest";
import { remittances, returnImports } from "../../api/db/schema";
import { call, database, json, setUpAdminApi, superToken } from "../support/admin-api";

setUpAdminApi();

type Page<T> = { items: T[]; total: number; totalCapped: boolean; page: number; pageSize: number; sort: string; dir: string };
type Import = { id: number; fileName: string; format: string; alreadyReturned: number; createdByLabel: string | null };
type Remittance = { id: number; collectionDate: string; status: string };

const get = <T>(path: string) => json<Page<T>>("get", path, { token: superToken, status: 200 });
const names = (page: Page<Import>) => page.items.map((i) => i.fileName);

beforeAll(async () => {
  // Madrid is UTC+1 in winter: 23:30 UTC on 2 March is already 3 March there.
  const imports = [
    { fileName: "a.csv", format: "csv", at: "2026-03-01T10:00:00Z", by: "ana.lopez@cotiza.test", again: 0 },
    { fileName: "b.xml", format: "pain.002", at: "2026-03-02T10:00:00Z", by: "ana.lopez@cotiza.test", again: 2 },
    { fileName: "c.xml", format: "pain.002", at: "2026-03-02T23:30:00Z", by: "berta.ruiz@cotiza.test", again: 0 },
    { fileName: "d.csv", format: "csv", at: "2026-03-05T09:00:00Z", by: null, again: 1 },
  ];
  await database.db.insert(returnImports).values(
    imports.map((i, n) => ({
      fileSha256: `sha-${n}`,
      fileName: i.fileName,
      format: i.format,
      lineCount: 3,
      applied: 3 - i.again,
      alreadyReturned: i.again,
      createdByLabel: i.by,
      createdAt: new Date(i.at),
    })),
  );
  await database.db.insert(remittances).values(
    [
      { collectionDate: "2026-03-12", status: "cerrada", at: "2026-03-09T10:00:00Z" },
      { collectionDate: "2026-03-20", status: "abierta", at: "2026-03-10T10:00:00Z" },
      { collectionDate: "2026-03-16", status: "abierta", at: "2026-03-11T10:00:00Z" },
    ].map((r, n) => ({
      messageId: `COTIZA-REM-L-${n}`,
      requestKey: `lista-${n}`,
      collectionDate: r.collectionDate,
      status: r.status,
      count: n + 1,
      totalCents: 1_000 * (n + 1),
      fileXml: "<x/>",
      fileSha256: `rem-${n}`,
      createdAt: new Date(r.at),
    })),
  );
});

describe("la lista de importaciones de devoluciones", () => {
  it("pagina de la más reciente a la más antigua, con el total", async () => {
    const first = await get<Import>("/admin/payments/returns?pageSize=3");
    expect(first).toMatchObject({ total: 4, totalCapped: false, page: 1, pageSize: 3, sort: "createdAt", dir: "desc" });
    expect(names(first)).toEqual(["d.csv", "c.xml", "b.xml"]);
    expect(names(await get<Import>("/admin/payments/returns?pageSize=3&page=2"))).toEqual(["a.csv"]);
    expect(names(await get<Import>("/admin/payments/returns?sort=createdAt&dir=asc&pageSize=2"))).toEqual(["a.csv", "b.xml"]);
  });

  it("filtra por días de Madrid, formato, quién lo importó y líneas no aplicadas", async () => {
    expect(names(await get<Import>("/admin/payments/returns?from=2026-03-02&to=2026-03-02"))).toEqual(["b.xml"]);
    expect(names(await get<Import>("/admin/payments/returns?from=2026-03-03"))).toEqual(["d.csv", "c.xml"]);
    expect(names(await get<Import>("/admin/payments/returns?format=csv"))).toEqual(["d.csv", "a.csv"]);
    expect(names(await get<Import>("/admin/payments/returns?importedBy=ANA.LO"))).toEqual(["b.xml", "a.csv"]);
    expect(names(await get<Import>("/admin/payments/returns?notApplied=si"))).toEqual(["d.csv", "b.xml"]);
    expect(names(await get<Import>("/admin/payments/returns?notApplied=no&format=pain.002"))).toEqual(["c.xml"]);
    const none = await get<Import>("/admin/payments/returns?importedBy=nadie");
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it("rechaza un orden desconocido, un filtro corto o fechas al revés (400)", async () => {
    for (const query of ["sort=fileName", "importedBy=an", "format=xml", "from=2026-03-05&to=2026-03-01", "from=31/02/2026"]) {
      const answer = await call("get", `/admin/payments/returns?${query}`, { token: superToken });
      expect(answer.status, query).toBe(400);
    }
  });
});

describe("la lista de remesas", () => {
  it("ordena por fecha de generación o de cobro y filtra por estado y fechas de cobro", async () => {
    const dates = (page: Page<Remittance>) => page.items.map((r) => r.collectionDate);
    const all = await get<Remittance>("/admin/payments/remittances");
    expect(all).toMatchObject({ total: 3, sort: "createdAt", dir: "desc" });
    expect(dates(all)).toEqual(["2026-03-16", "2026-03-20", "2026-03-12"]);
    expect(dates(await get<Remittance>("/admin/payments/remittances?sort=collectionDate&dir=asc"))).toEqual([
      "2026-03-12",
      "2026-03-16",
      "2026-03-20",
    ]);
    expect(dates(await get<Remittance>("/admin/payments/remittances?status=abierta&sort=collectionDate&dir=desc"))).toEqual([
      "2026-03-20",
      "2026-03-16",
    ]);
    expect(dates(await get<Remittance>("/admin/payments/remittances?collectionFrom=2026-03-13&collectionTo=2026-03-16"))).toEqual(["2026-03-16"]);
    const second = await get<Remittance>("/admin/payments/remittances?pageSize=2&page=2");
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(dates(second)).toEqual(["2026-03-12"]);
  });

  it("rechaza un orden o un estado desconocidos (400)", async () => {
    for (const query of ["sort=total", "status=enviada", "collectionFrom=2026-03-20&collectionTo=2026-03-01"])
      expect((await call("get", `/admin/payments/remittances?${query}`, { token: superToken })).status, query).toBe(400);
  });
});
