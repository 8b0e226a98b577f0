import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  ageOn,
  daysBetween,
  daysInMonth,
  isIsoDate,
  madridDate,
  madridMonthIndex,
  parseIsoDate,
  policyTerm,
  proRataDays,
  reciboDueDates,
  reciboPeriod,
  withdrawalUntil,
} from "./calendar";

describe("madridDate", () => {
  it("da el día de España, no el de UTC, en invierno y en verano", () => {
    expect(madridDate(new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15"); // CET, UTC+1
    expect(madridDate(new Date("2026-07-01T21:59:59Z"))).toBe("2026-07-01"); // CEST, UTC+2
    expect(madridDate(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02");
    expect(madridDate(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("rechaza un instante que no es una fecha", () => {
    expect(() => madridDate(new Date("nope"))).toThrow(RangeError);
  });
});

describe("parseIsoDate, isIsoDate, daysInMonth", () => {
  it("acepta solo días que existen, con los bisiestos", () => {
    expect(parseIsoDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2000-02-29")).toBe(true); // divisible by 400
    expect(isIsoDate("1900-02-29")).toBe(false); // divisible by 100
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("26-01-01")).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2026, 12)]).toEqual([28, 29, 31]);
  });
});

describe("ageOn", () => {
  it("cuenta años cumplidos: el cumpleaños cuenta desde ese mismo día", () => {
    expect(ageOn("2008-03-10", "2026-03-09")).toBe(17);
    expect(ageOn("2008-03-10", "2026-03-10")).toBe(18);
    expect(ageOn("1990-12-31", "2026-01-01")).toBe(35);
  });

  it("quien nace el 29 de febrero cumple el 1 de marzo en los años no bisiestos", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(ageOn("2008-02-29", "2028-02-29")).toBe(20);
  });
});

describe("addMonths and addDays", () => {
  it("se queda en el último día de un mes más corto", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2026-08-31", 1)).toBe("2026-09-30");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2026-03-15", -3)).toBe("2025-12-15");
  });

  it("suma días cruzando meses, años y el 29 de febrero", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("cuenta los días entre dos fechas", () => {
    expect(daysBetween("2026-03-10", "2027-03-10")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2026-03-29", "2026-03-30")).toBe(1); // the spring change of hour in Spain
    expect(daysBetween("2026-03-10", "2026-03-01")).toBe(-9);
  });
});

describe("policyTerm and proRataDays", () => {
  it("una póliza empieza hoy en España y vence al cabo de un año", () => {
    expect(policyTerm(new Date("2026-03-10T09:00:00Z"))).toEqual({ startDate: "2026-03-10", endDate: "2027-03-10" });
    expect(policyTerm(new Date("2028-02-28T23:30:00Z"))).toEqual({ startDate: "2028-02-29", endDate: "2029-02-28" });
  });

  it("cuenta los días que quedan de la anualidad, con 366 en un año bisiesto", () => {
    const term = { startDate: "2026-03-10", endDate: "2027-03-10" };
    expect(proRataDays(term, "2026-03-10")).toEqual({ remaining: 365, total: 365 });
    expect(proRataDays(term, "2027-03-09")).toEqual({ remaining: 1, total: 365 });
    expect(proRataDays(term, "2027-03-10")).toEqual({ remaining: 0, total: 365 });
    expect(proRataDays(term, "2026-03-01")).toEqual({ remaining: 0, total: 365 });
    expect(proRataDays({ startDate: "2027-03-10", endDate: "2028-03-10" }, "2028-02-01").total).toBe(366);
  });
});

describe("recibos", () => {
  it("vencen cada 12/n meses desde el efecto, a fin de mes si el día no existe", () => {
    expect(reciboDueDates("2026-03-10", "anual")).toEqual(["2026-03-10"]);
    expect(reciboDueDates("2026-08-31", "trimestral")).toEqual(["2026-08-31", "2026-11-30", "2027-02-28", "2027-05-31"]);
    const monthly = reciboDueDates("2027-01-31", "mensual");
    expect(monthly).toHaveLength(12);
    expect(monthly.slice(0, 3)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(reciboDueDates("2028-01-31", "mensual")[1]).toBe("2028-02-29");
  });

  it("cubren desde su vencimiento hasta la víspera del siguiente", () => {
    expect(reciboPeriod("2026-03-10", "anual", 1)).toEqual({ from: "2026-03-10", to: "2027-03-09" });
    expect(reciboPeriod("2026-03-10", "semestral", 2)).toEqual({ from: "2026-09-10", to: "2027-03-09" });
    expect(reciboPeriod("2028-01-31", "mensual", 1)).toEqual({ from: "2028-01-31", to: "2028-02-28" });
  });
});

describe("withdrawalUntil and madridMonthIndex", () => {
  it("el desistimiento cuenta días naturales desde el día de la contratación en España", () => {
    expect(withdrawalUntil(new Date("2026-03-10T09:00:00Z"), 14)).toBe("2026-03-24");
    expect(withdrawalUntil(new Date("2026-02-14T23:30:00Z"), 14)).toBe("2026-03-01");
  });

  it("el mes en España para comparar con la caducidad de una tarjeta", () => {
    expect(madridMonthIndex(new Date("2026-03-31T22:30:00Z"))).toBe(2026 * 12 + 4);
  });
});
