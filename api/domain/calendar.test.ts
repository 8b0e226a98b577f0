import { describe, expect, it } from "vitest";
import {
  madridInstant,
  reciboPeriods,
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
  startDateProblem,
  startDateRange,
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
  it("una póliza dura un año desde la fecha de efecto elegida", () => {
    expect(policyTerm("2026-03-11")).toEqual({ startDate: "2026-03-11", endDate: "2027-03-11" });
    expect(policyTerm("2028-02-29")).toEqual({ startDate: "2028-02-29", endDate: "2029-02-28" });
    expect(() => policyTerm("2026-02-30")).toThrow(RangeError);
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

describe("la fecha de efecto", () => {
  it("va de mañana a 60 días después de hoy, contados en España", () => {
    expect(startDateRange(new Date("2026-03-10T09:00:00Z"))).toEqual({ earliest: "2026-03-11", latest: "2026-05-09" });
    // 23:30 UTC on 28 Feb 2028 is already 29 Feb in Madrid (UTC+1): tomorrow is 1 March.
    expect(startDateRange(new Date("2028-02-28T23:30:00Z"))).toEqual({ earliest: "2028-03-01", latest: "2028-04-29" });
    // Across the year's end.
    expect(startDateRange(new Date("2026-12-31T12:00:00Z")).earliest).toBe("2027-01-01");
  });

  it("rechaza hoy y el pasado, acepta de mañana al día 60 y rechaza el 61", () => {
    const now = new Date("2026-03-10T09:00:00Z");
    expect(startDateProblem("2026-03-09", now)).toBe("too_early");
    expect(startDateProblem("2026-03-10", now)).toBe("too_early");
    expect(startDateProblem("2026-03-11", now)).toBeNull();
    expect(startDateProblem("2026-05-09", now)).toBeNull();
    expect(startDateProblem("2026-05-10", now)).toBe("too_late");
  });

  it("cambia de día a la medianoche de Madrid, no a la de UTC", () => {
    // 22:59:59 UTC on 10 March is 23:59:59 in Madrid (winter, UTC+1): still the 10th, tomorrow is the 11th.
    const beforeMidnight = new Date("2026-03-10T22:59:59Z");
    expect(startDateProblem("2026-03-11", beforeMidnight)).toBeNull();
    expect(startDateProblem("2026-05-09", beforeMidnight)).toBeNull();
    // One second later it is the 11th in Madrid (still the 10th in UTC): the 11th is today.
    const afterMidnight = new Date("2026-03-10T23:00:00Z");
    expect(startDateProblem("2026-03-11", afterMidnight)).toBe("too_early");
    expect(startDateProblem("2026-03-12", afterMidnight)).toBeNull();
    expect(startDateProblem("2026-05-10", afterMidnight)).toBeNull();
    // Summer (UTC+2): 22:30 UTC on 1 July is already 2 July in Madrid.
    expect(startDateRange(new Date("2026-07-01T22:30:00Z")).earliest).toBe("2026-07-03");
    expect(startDateRange(new Date("2026-07-01T21:59:59Z")).earliest).toBe("2026-07-02");
  });

  it("no acepta una fecha que no existe", () => {
    expect(() => startDateProblem("2026-02-30", new Date("2026-01-10T09:00:00Z"))).toThrow(RangeError);
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

describe("reciboPeriods", () => {
  const recibo = (sequence: number, kind: "prima" | "suplemento", term: number, dueDate: string) => ({ sequence, kind, term, dueDate });

  it("un recibo de suplemento cubre desde su efecto hasta el último día de su anualidad, no solo el día en que vence", () => {
    const periods = reciboPeriods({
      startDate: "2026-11-25",
      endDate: "2027-11-25",
      term: 1,
      frequency: "semestral",
      recibos: [recibo(1, "prima", 1, "2026-11-25"), recibo(2, "prima", 1, "2027-05-25"), recibo(3, "suplemento", 1, "2027-02-25")],
      endorsements: [{ reciboSequence: 3, effectiveDate: "2027-02-25" }],
    });
    expect(periods.get(1)).toEqual({ from: "2026-11-25", to: "2027-05-24" });
    expect(periods.get(2)).toEqual({ from: "2027-05-25", to: "2027-11-24" });
    expect(periods.get(3)).toEqual({ from: "2027-02-25", to: "2027-11-24" });
  });

  it("tras una renovación, los recibos de la anualidad anterior conservan sus periodos y los nuevos empiezan por el 1.º de la nueva", () => {
    const periods = reciboPeriods({
      startDate: "2027-03-11",
      endDate: "2028-03-11",
      term: 2,
      frequency: "anual",
      recibos: [
        recibo(1, "prima", 1, "2026-03-11"),
        recibo(2, "suplemento", 1, "2026-05-01"),
        recibo(3, "prima", 2, "2027-03-11"),
        recibo(4, "suplemento", 2, "2027-09-01"),
      ],
      endorsements: [
        { reciboSequence: 2, effectiveDate: "2026-05-01" },
        { reciboSequence: 4, effectiveDate: "2027-09-01" },
      ],
    });
    expect([...periods.entries()]).toEqual([
      [1, { from: "2026-03-11", to: "2027-03-10" }],
      [2, { from: "2026-05-01", to: "2027-03-10" }],
      [3, { from: "2027-03-11", to: "2028-03-10" }],
      [4, { from: "2027-09-01", to: "2028-03-10" }],
    ]);
  });
});

describe("madridInstant", () => {
  it("lee la hora de España: UTC+1 en invierno y UTC+2 en verano", () => {
    expect(madridInstant("2026-02-03", "14:30").toISOString()).toBe("2026-02-03T13:30:00.000Z");
    expect(madridInstant("2026-07-03", "14:30").toISOString()).toBe("2026-07-03T12:30:00.000Z");
    expect(madridInstant("2026-07-03", "00:00").toISOString()).toBe("2026-07-02T22:00:00.000Z");
    expect(madridDate(madridInstant("2026-07-03", "00:00"))).toBe("2026-07-03");
    expect(madridDate(madridInstant("2026-12-31", "23:59"))).toBe("2026-12-31");
  });

  it("en los cambios de hora: la primera de las dos 02:30 de octubre, y la 02:30 inexistente de marzo como las 03:30", () => {
    expect(madridInstant("2026-10-25", "02:30").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(madridInstant("2026-10-25", "03:30").toISOString()).toBe("2026-10-25T02:30:00.000Z");
    expect(madridInstant("2026-03-29", "02:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(madridInstant("2026-03-29", "03:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});
