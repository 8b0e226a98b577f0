import { describe, expect, it } from "vitest";
import { basisPoints, carteraTables, conversionTables, recibosTables } from "./report-tables";

const q = { from: "2026-01-01", to: "2026-03-31" };

describe("las tablas de los informes", () => {
  it("porcentajes en puntos básicos, redondeados; sin base, 0", () => {
    expect(basisPoints(1, 3)).toBe(3333);
    expect(basisPoints(2, 3)).toBe(6667);
    expect(basisPoints(5, 0)).toBe(0);
  });

  it("primas por mes con los meses sin recibos a cero, y las pólizas en vigor como suma de altas menos bajas", () => {
    const [premiums, inForce] = carteraTables(
      q,
      [
        { month: "2026-01", renewal: false, recibos: 2, cents: 30_000 },
        { month: "2026-03", renewal: true, recibos: 1, cents: 12_000 },
      ],
      [
        { bucket: "antes", starts: 10, stops: 4 },
        { bucket: "2026-02", starts: 3, stops: 1 },
      ],
      [],
    );
    expect(premiums!.rows.map((r) => r.values)).toEqual([
      [30_000, 0, 30_000],
      [0, 0, 0],
      [0, 12_000, 12_000],
    ]);
    expect(inForce!.rows.map((r) => r.values[0])).toEqual([6, 8, 8]);
  });

  it("conversión por ramo con su total y por canal", () => {
    const [byLine, byChannel] = conversionTables([
      { line: "auto", channel: "web", quotes: 10, contracted: 2 },
      { line: "auto", channel: "telefono", quotes: 2, contracted: 2 },
      { line: "hogar", channel: "web", quotes: 4, contracted: 0 },
    ]);
    expect(byLine!.rows.map((r) => [r.key, ...r.values])).toEqual([
      ["auto", 12, 4, 3333],
      ["hogar", 4, 0, 0],
      ["alquiler", 0, 0, 0],
      ["total", 16, 4, 2500],
    ]);
    expect(byChannel!.rows.map((r) => [r.key, ...r.values])).toEqual([
      ["web", 14, 2, 1429],
      ["telefono", 2, 2, 10_000],
    ]);
  });

  it("cobrado, pendiente (con lo remesado) y devuelto; la tasa divide por lo puesto al cobro", () => {
    const [, money, rate] = recibosTables(q, [
      { month: "2026-01", status: "cobrado", recibos: 6, cents: 60_000 },
      { month: "2026-01", status: "remesado", recibos: 1, cents: 1_000 },
      { month: "2026-01", status: "pendiente", recibos: 2, cents: 2_000 },
      { month: "2026-01", status: "devuelto", recibos: 1, cents: 10_000 },
      { month: "2026-01", status: "extornado", recibos: 1, cents: 10_000 },
      { month: "2026-01", status: "anulado", recibos: 5, cents: 50_000 },
    ]);
    expect(money!.rows.map((r) => [r.key, ...r.values])).toEqual([
      ["cobrado", 6, 60_000],
      ["pendiente", 3, 3_000],
      ["devuelto", 1, 10_000],
    ]);
    expect(rate!.rows[0]!.values).toEqual([1, 8, 1250]);
  });
});
