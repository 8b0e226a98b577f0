import { describe, expect, it } from "vitest";
import type { ReportTable } from "../../api/contract/reports";
import { chartLayout, CHART_WIDTH } from "./report-chart.server";

const table = (chart: ReportTable["chart"], rows: [string, number[]][]): ReportTable => ({
  key: "t",
  title: "Primas emitidas por mes",
  description: "",
  chart,
  charted: chart === "bars" ? [0] : [0, 1],
  categoryLabel: "Mes",
  series: [
    { key: "a", label: "Nueva producción", kind: "money" },
    { key: "b", label: "Renovaciones", kind: "money" },
  ],
  rows: rows.map(([label, values]) => ({ key: label, label, values })),
});

describe("la gráfica de barras", () => {
  it("escala con ticks redondos, cada barra con su valor escrito y la descripción dice las cifras", () => {
    const layout = chartLayout(
      table("bars", [
        ["ene 2026", [123_456, 0]],
        ["feb 2026", [50_000, 0]],
      ]),
    );
    expect(layout.width).toBe(CHART_WIDTH);
    expect(layout.ticks.map((t) => t.label)).toEqual(["0\u00a0€", "500\u00a0€", "1.000\u00a0€", "1.500\u00a0€"]);
    const [jan, feb] = layout.rows.map((r) => r.bars[0]!);
    expect(jan!.label).toBe("1.234,56\u00a0€");
    expect(feb!.width / jan!.width).toBeCloseTo(50_000 / 123_456, 5);
    expect(jan!.x + jan!.width).toBeLessThanOrEqual(layout.plotRight);
    expect(layout.description).toBe("Nueva producción: ene 2026, 1.234,56\u00a0€; feb 2026, 500,00\u00a0€.");
  });

  it("apiladas: las partes una tras otra y el total al final; agrupadas: una barra por serie", () => {
    const stacked = chartLayout(table("stacked", [["ene 2026", [60_000, 40_000]]]));
    const [a, b] = stacked.rows[0]!.bars;
    expect(b!.x).toBeCloseTo(a!.x + a!.width, 5);
    expect(stacked.totals[0]!.label).toBe("1.000,00\u00a0€");
    const grouped = chartLayout(table("grouped", [["Coche", [3, 1]]]));
    const [g1, g2] = grouped.rows[0]!.bars;
    expect(g2!.y).toBeGreaterThan(g1!.y);
    expect(g1!.x).toBe(g2!.x);
    expect(grouped.series.map((s) => s.label)).toEqual(["Nueva producción", "Renovaciones"]);
  });

  it("un eje de recuentos solo marca números enteros", () => {
    const counts: ReportTable = {
      ...table("bars", [["Hogar · Básico", [1, 0]]]),
      series: [{ key: "polizas", label: "Pólizas", kind: "count" }],
      charted: [0],
    };
    expect(chartLayout(counts).ticks.map((t) => t.label)).toEqual(["0", "1"]);
  });

  it("sin filas no dibuja barras y lo dice", () => {
    const layout = chartLayout(table("bars", []));
    expect(layout.rows).toEqual([]);
    expect(layout.description).toBe("Primas emitidas por mes: sin datos en el periodo.");
  });

  it("un cociente con un decimal; sin denominador, sin barra y «—» escrito y en la descripción", () => {
    const ratios: ReportTable = {
      ...table("bars", []),
      title: "Siniestralidad por ramo",
      series: [{ key: "r", label: "Siniestralidad", kind: "ratio" }],
      rows: [
        { key: "auto", label: "Coche", values: [2500] },
        { key: "alquiler", label: "Impago de alquiler", values: [null] },
      ],
    };
    const layout = chartLayout(ratios);
    const [auto, rent] = layout.rows.map((r) => r.bars[0]!);
    expect(auto!.label).toBe("25,0 %");
    expect(rent!.label).toBe("—");
    expect(rent!.width).toBe(0);
    expect(layout.description).toBe("Siniestralidad: Coche, 25,0 %; Impago de alquiler, —.");
  });
});
