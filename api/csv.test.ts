import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvDateTime, csvLine, csvStream, guardFormula } from "./csv";

const intl = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const slowDateTime = (date: Date) => intl.format(date).replace(",", "");

describe("csvDateTime", () => {
  it("formats as Intl does, in Madrid, across summer-time changes and odd instants", () => {
    const instants = [
      "2026-03-29T00:59:59.999Z", // 01:59:59 CET, the last second before summer time
      "2026-03-29T01:00:00.000Z", // 03:00:00 CEST
      "2026-10-25T00:59:59.000Z", // 02:59:59 CEST
      "2026-10-25T01:00:00.000Z", // 02:00:00 CET (the hour repeats)
      "2020-03-01T23:30:00.000Z",
      "1970-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.500Z",
      "1899-06-01T12:34:56.000Z", // Madrid local mean time (-0:14:44): formatted whole
      "2099-12-31T23:59:59.999Z",
    ];
    for (const iso of instants) {
      expect(csvDateTime(iso)).toBe(slowDateTime(new Date(iso)));
      expect(csvDateTime(new Date(iso))).toBe(slowDateTime(new Date(iso)));
    }
    // And a few thousand instants spread over fifty years (the same hour many times, too).
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const date = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 50 * 365 * 86_400_000));
      expect(csvDateTime(date)).toBe(slowDateTime(date));
    }
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => csvDateTime("nunca")).toThrow(RangeError);
  });
});

describe("csvLine", () => {
  // csv-stringify with record_delimiter "\r\n" left a lone LF or CR unquoted (its
  // quote_record_delimiter defaults to false then), which splits the row in a spreadsheet: those
  // cells are quoted now, as quote_record_delimiter: true does.
  it("writes what csv-stringify writes with the export's options, after the formula guard", () => {
    const options = { delimiter: ";", record_delimiter: "\r\n", quoted_match: /^\s|\s$/, quote_record_delimiter: true } as const;
    const cells = [
      "",
      "simple",
      "con;punto y coma",
      'con "comillas"',
      "con\nsalto",
      "con\r\nsalto",
      "con\rretorno",
      " espacio delante",
      "espacio detrás ",
      "\ttab",
      '=HYPERLINK("http://malo")',
      "+34 600",
      "-1+2",
      "@10.0.0.1",
      "ñandú, «comillas» y €",
      '{"a":"b;c"}',
      "\u00a0",
    ];
    for (const cell of cells) {
      expect(csvLine([cell])).toBe(stringify([[guardFormula(cell)]], options));
      expect(csvLine([cell, "x", cell])).toBe(stringify([[guardFormula(cell), "x", guardFormula(cell)]], options));
    }
  });
});

describe("csvStream", () => {
  it("sends the BOM and header, then one chunk per batch, reading a batch only when asked", async () => {
    let reads = 0;
    async function* batches() {
      for (let i = 0; i < 3; i++) {
        reads++;
        yield [{ name: `fila ${i}`, formula: "=1+1" }];
      }
    }
    const stream = csvStream({ header: ["Nombre", "Fórmula"], batches: batches(), row: (item) => [item.name, item.formula] });
    const reader = stream.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    expect(decoder.decode((await reader.read()).value)).toBe("\uFEFFNombre;Fórmula\r\n");
    expect(decoder.decode((await reader.read()).value)).toBe("fila 0;'=1+1\r\n");
    await reader.cancel();
    expect(reads).toBeLessThanOrEqual(2);
  });
});
