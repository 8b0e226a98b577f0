import { describe, expect, it } from "vitest";
import { describeGuaranteePrice } from "./guarantees";
import {
  formatBasisPoints,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatIsoDate,
  formatMoment,
  formatMoney,
  isoDateTime,
} from "./format";

const NBSP = "\u00a0";

describe("formatMoney", () => {
  it("agrupa los miles con punto también en importes de 4 cifras", () => {
    expect(formatMoney(123456)).toBe(`1.234,56${NBSP}€`);
  });

  it("usa coma decimal y siempre dos decimales", () => {
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
    expect(formatMoney(5)).toBe(`0,05${NBSP}€`);
    expect(formatMoney(19900)).toBe(`199,00${NBSP}€`);
  });

  it("agrupa importes grandes", () => {
    expect(formatMoney(123456780)).toBe(`1.234.567,80${NBSP}€`);
  });

  it("pone un espacio de no separación antes del símbolo del euro", () => {
    expect(formatMoney(100)).toMatch(/1,00\u00a0€$/);
  });

  it("muestra importes negativos y no muestra -0", () => {
    expect(formatMoney(-250)).toBe(`-2,50${NBSP}€`);
    expect(formatMoney(-0)).toBe(`0,00${NBSP}€`);
  });

  it("rechaza importes que no son números finitos", () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  it("muestra una fecha de calendario como dd/mm/aaaa sin depender de la zona horaria", () => {
    expect(formatDate("2026-03-01")).toBe("01/03/2026");
    expect(formatDate("2026-12-31")).toBe("31/12/2026");
  });

  it("muestra un instante como el día en España", () => {
    // 23:30 UTC del 31 de diciembre ya es 1 de enero en Madrid (UTC+1).
    expect(formatDate(new Date("2026-12-31T23:30:00Z"))).toBe("01/01/2027");
    expect(formatDate("2026-06-15T10:00:00.000Z")).toBe("15/06/2026");
  });

  it("acepta objetos Date", () => {
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 12)))).toBe("05/01/2026");
  });

  it("rechaza fechas no válidas", () => {
    expect(() => formatDate("no es una fecha")).toThrow(RangeError);
    expect(() => formatDate("2026-02-30")).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("formatDateTime y formatDateTimeSeconds", () => {
  it("muestra la hora de Madrid en invierno (UTC+1)", () => {
    expect(formatDateTime("2026-01-15T08:05:09Z")).toBe("15/01/2026 09:05");
    expect(formatDateTimeSeconds("2026-01-15T08:05:09Z")).toBe("15/01/2026 09:05:09");
  });

  it("muestra la hora de Madrid en verano (UTC+2) y cambia de día si toca", () => {
    expect(formatDateTimeSeconds("2026-07-31T22:30:00Z")).toBe("01/08/2026 00:30:00");
  });

  it("usa el reloj de 24 horas y la medianoche como 00", () => {
    expect(formatDateTime(new Date("2026-03-01T23:00:00Z"))).toBe("02/03/2026 00:00");
    expect(formatDateTime("2026-03-01T14:59:00Z")).toBe("01/03/2026 15:59");
  });

  it("rechaza fechas que no se pueden leer", () => {
    expect(() => formatDateTime("mañana")).toThrow(RangeError);
    expect(() => formatDateTimeSeconds(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("las horas de Madrid, calculadas una vez por hora", () => {
  const intl = new Intl.DateTimeFormat("es-ES", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Madrid",
  });
  const slow = (date: Date) => {
    const p = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, part.value]));
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
  };

  it("coinciden con Intl en los cambios de hora, antes de 1970 y en miles de instantes", () => {
    const instants = [
      "2026-03-29T00:59:59.999Z",
      "2026-03-29T01:00:00Z",
      "2026-10-25T00:59:59Z",
      "2026-10-25T01:00:00Z",
      "1969-12-31T23:59:59.500Z",
      "1899-06-01T12:34:56Z",
    ].map((iso) => new Date(iso));
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) instants.push(new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 50 * 365 * 86_400_000)));
    for (const instant of instants) {
      expect(formatDateTimeSeconds(instant)).toBe(slow(instant));
      expect(formatDateTimeSeconds(instant.toISOString())).toBe(slow(instant));
    }
  });
});

describe("isoDateTime", () => {
  it("da el mismo instante en ISO 8601 (UTC) para <time dateTime>", () => {
    expect(isoDateTime("2026-07-31T22:30:00Z")).toBe("2026-07-31T22:30:00.000Z");
    expect(isoDateTime(new Date(Date.UTC(2026, 0, 5, 12)))).toBe("2026-01-05T12:00:00.000Z");
  });

  it("rechaza fechas que no se pueden leer", () => {
    expect(() => isoDateTime("mañana")).toThrow(RangeError);
  });
});

describe("las cifras que no son dinero", () => {
  it("cuenta como es-ES: cuatro cifras sin agrupar, cinco o más agrupadas", () => {
    expect(formatCount(1234)).toBe("1234");
    expect(formatCount(12345)).toBe("12.345");
  });

  it("porcentajes desde puntos básicos, con coma decimal", () => {
    expect(formatBasisPoints(1250)).toBe("12,5 %");
    expect(formatBasisPoints(1500)).toBe("15 %");
  });

  it("fechas ISO a dd/mm/aaaa, y deja igual lo que no es una", () => {
    expect(formatIsoDate("2027-03-01")).toBe("01/03/2027");
    expect(formatIsoDate("—")).toBe("—");
  });

  it("un instante en una frase, con la hora de España", () => {
    expect(formatMoment(new Date("2027-03-06T09:30:00Z"))).toBe("06/03/2027 a las 10:30 h");
  });

  it("el precio de una garantía se lee igual en la API y en el back office, también desde 1.000 €", () => {
    expect(describeGuaranteePrice("fixed", 100_000)).toBe(`1.000,00${NBSP}€ al año`);
    expect(describeGuaranteePrice("percent", 1250)).toBe("12,5 % de la prima neta");
  });
});
