import { describe, expect, it } from "vitest";
import { formatTypedDate, parseTypedDate, parseTypedDateTime, typedDateToIso } from "./typed-date";

describe("parseTypedDate", () => {
  it.each([
    ["12/04/1985", "1985-04-12"],
    ["1/4/1985", "1985-04-01"],
    ["01/04/1985", "1985-04-01"],
    ["12-04-1985", "1985-04-12"],
    ["2-4-1985", "1985-04-02"],
    ["12.04.1985", "1985-04-12"],
    ["12 / 04 / 1985", "1985-04-12"],
    ["  12/04/1985  ", "1985-04-12"],
    ["12 04 1985", "1985-04-12"],
    ["12041985", "1985-04-12"],
    ["1985-04-12", "1985-04-12"],
    ["1985-4-2", "1985-04-02"],
    ["29/02/2024", "2024-02-29"],
    ["31/12/2026", "2026-12-31"],
  ])("lee %j como %s (día primero, como se escribe en España)", (typed, expected) => {
    expect(parseTypedDate(typed)).toBe(expected);
  });

  it("lee 15031985 como el 15 de marzo de 1985, nunca como el 3 de diciembre", () => {
    expect(parseTypedDate("15031985")).toBe("1985-03-15");
    expect(parseTypedDate("15/03/1985")).toBe("1985-03-15");
  });

  it.each([
    "31/02/2024",
    "29/02/2023",
    "32/01/2020",
    "00/01/2020",
    "12/13/1985",
    "12/00/1985",
    "12/04/85",
    "1/4/85",
    "85-04-12",
    "12/04/19850",
    "1985/04/12/01",
    "12//04/1985",
    "mañana",
    "",
    "   ",
    "12/04",
    "1985",
    "2024-02-30",
    "12/04/1985 10:00",
  ])("rechaza %j", (typed) => {
    expect(parseTypedDate(typed)).toBeNull();
  });

  it("rechaza lo que no es texto", () => {
    expect(parseTypedDate(undefined)).toBeNull();
    expect(parseTypedDate(19850412)).toBeNull();
    expect(parseTypedDate(null)).toBeNull();
  });
});

describe("formatTypedDate y typedDateToIso", () => {
  it("muestra una fecha ISO como dd/mm/aaaa y deja lo demás como se escribió", () => {
    expect(formatTypedDate("1985-04-12")).toBe("12/04/1985");
    expect(formatTypedDate("12/4/1985")).toBe("12/4/1985");
    expect(formatTypedDate("")).toBe("");
  });

  it("entrega ISO al esquema, o lo escrito cuando no es una fecha, o vacío", () => {
    expect(typedDateToIso("12/04/1985")).toBe("1985-04-12");
    expect(typedDateToIso("31/02/2024")).toBe("31/02/2024");
    expect(typedDateToIso("")).toBe("");
    expect(typedDateToIso(undefined)).toBeUndefined();
  });
});

describe("parseTypedDateTime", () => {
  it.each([
    ["03/02/2026 14:30", { date: "2026-02-03", time: "14:30" }],
    ["3/2/2026 9:05", { date: "2026-02-03", time: "09:05" }],
    ["03/02/2026, 14:30", { date: "2026-02-03", time: "14:30" }],
    ["03-02-2026 14.30", { date: "2026-02-03", time: "14:30" }],
    ["03022026 14:30 h", { date: "2026-02-03", time: "14:30" }],
    ["03 02 2026 00:00", { date: "2026-02-03", time: "00:00" }],
    ["  03/02/2026   23:59  ", { date: "2026-02-03", time: "23:59" }],
  ])("lee %j como fecha y hora de España", (typed, expected) => {
    expect(parseTypedDateTime(typed)).toEqual(expected);
  });

  it.each(["03/02/2026", "03/02/2026 24:00", "03/02/2026 10:60", "31/02/2026 10:00", "10:00", "ayer a las 10", "", 42])("rechaza %j", (typed) => {
    expect(parseTypedDateTime(typed)).toBeNull();
  });
});
