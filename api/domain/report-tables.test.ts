import { describe, expect, it } from "vitest";
import { basisPoints, carteraTables, conversionTables, ratio, recibosTables, siniestrosTables } from "./report-tables";

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

  it("un cociente sin denominador es null (la página dice «—»), nunca NaN ni Infinity", () => {
    expect(ratio(1, 8)).toBe(1250);
    expect(ratio(0, 5)).toBe(0);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(0, 0)).toBeNull();
  });

  it("siniestros por mes, estado y ramo; frecuencia por 100 pólizas y siniestralidad por ramo y en total, «—» sin base", () => {
    const [byMonth, byStatus, frequency, loss] = siniestrosTables(q, {
      declared: [
        { month: "2026-01", status: "abierto", line: "auto", claims: 2 },
        { month: "2026-03", status: "pagado", line: "auto", claims: 1 },
        { month: "2026-03", status: "rechazado", line: "hogar", claims: 1 },
        { month: "2026-03", status: "abierto", line: "alquiler", claims: 1 },
      ],
      inForce: [
        { line: "auto", policies: 40 },
        { line: "hogar", policies: 8 },
      ],
      paid: [{ line: "auto", claims: 1, cents: 30_000 }],
      earned: [
        { line: "auto", cents: 120_000 },
        { line: "hogar", cents: 45_000 },
      ],
    });
    expect(byMonth!.rows.map((r) => [r.key, ...r.values])).toEqual([
      ["2026-01", 2],
      ["2026-02", 0],
      ["2026-03", 3],
    ]);
    expect(Object.fromEntries(byStatus!.rows.map((r) => [r.key, r.values[0]]))).toMatchObject({ abierto: 3, pagado: 1, rechazado: 1, cerrado: 0 });
    expect(frequency!.series[2]!.kind).toBe("ratio");
    expect(frequency!.rows.map((r) => [r.key, ...r.values])).toEqual([
      ["auto", 3, 40, 750],
      ["hogar", 1, 8, 1250],
      ["alquiler", 1, 0, null],
      ["total", 5, 48, 1042],
    ]);
    expect(loss!.rows.map((r) => [r.key, ...r.values])).toEqual([
      ["auto", 30_000, 120_000, 2500],
      ["hogar", 0, 45_000, 0],
      ["alquiler", 0, 0, null],
      ["total", 30_000, 165_000, 1818],
    ]);
    // With a line chosen: its row alone, no total.
    const [, , hogarOnly] = siniestrosTables(
      { ...q, line: "hogar" },
      { declared: [], inForce: [{ line: "hogar", policies: 8 }], paid: [], earned: [] },
    );
    expect(hogarOnly!.rows.map((r) => [r.key, ...r.values])).toEqual([["hogar", 0, 8, 0]]);
  });
});
