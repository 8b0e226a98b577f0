import { describe, expect, it } from "vitest";
import { formatDateTime, formatDateTimeSeconds } from "./__admin.format";

describe("fechas del back office", () => {
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
  });
});
