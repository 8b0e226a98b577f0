import { describe, expect, it } from "vitest";
import { countSentence, pageHref, pageItems, totalPagesFor } from "./pagination";

describe("pageItems", () => {
  it("muestra todas las páginas cuando son pocas", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("salta con «…» lejos de la página actual, sin saltar una sola página", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, "gap", 10]);
    expect(pageItems(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, "gap", 10]);
    expect(pageItems(10, 10)).toEqual([1, "gap", 9, 10]);
  });
});

describe("pageHref", () => {
  it("conserva los demás parámetros y quita page en la primera página", () => {
    expect(pageHref("/admin/users", "?q=ana&page=3", 4)).toBe("/admin/users?q=ana&page=4");
    expect(pageHref("/admin/users", "?q=ana&page=3", 1)).toBe("/admin/users?q=ana");
    expect(pageHref("/admin/audit", "", 2)).toBe("/admin/audit?page=2");
    expect(pageHref("/admin/audit", "?p=2", 3, "p")).toBe("/admin/audit?p=3");
  });
});

describe("totalPagesFor", () => {
  it("redondea hacia arriba y nunca da menos de una página", () => {
    expect(totalPagesFor(0, 20)).toBe(1);
    expect(totalPagesFor(20, 20)).toBe(1);
    expect(totalPagesFor(21, 20)).toBe(2);
  });
});

describe("countSentence", () => {
  it("dice la cuenta en plural, y en singular cuando hay uno solo", () => {
    expect(countSentence({ page: 1, pageSize: 20, total: 57, itemsLabel: "pólizas" })).toBe("Mostrando 1–20 de 57 pólizas");
    expect(countSentence({ page: 1, pageSize: 20, total: 1, itemsLabel: "pólizas" })).toBe("Mostrando 1–1 de 1 póliza");
    expect(countSentence({ page: 1, pageSize: 20, total: 1, itemsLabel: "cotizaciones" })).toBe("Mostrando 1–1 de 1 cotización");
    expect(countSentence({ page: 1, pageSize: 20, total: 0, itemsLabel: "clientes" })).toBe("No hay clientes");
    expect(countSentence({ page: 2, pageSize: 20, total: 10_000, totalCapped: true, itemsLabel: "registros" })).toBe(
      "Mostrando 21–40 de más de 10.000 registros",
    );
  });
});
