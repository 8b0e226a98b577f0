// CSV exports of lists, streamed: one batch read, written, then the next, so memory stays flat
// whatever the size of the list, and a client that goes away stops the reading.
// Written by csv-stringify with the separator and BOM that Excel in Spanish expects (";" and
// UTF-8 with BOM), cells guarded against formula injection, dates and numbers in es-ES.
import { stringify } from "csv-stringify/sync";

const CSV_OPTIONS = { delimiter: ";", record_delimiter: "\r\n", quoted_match: /^\s|\s$/ } as const;

/** A cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const dateTimeFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "01/05/2026 14:03:09", Madrid time: what a spreadsheet set to Spanish reads as a date and time. */
export function csvDateTime(date: Date | string): string {
  return dateTimeFormat.format(typeof date === "string" ? new Date(date) : date).replace(",", "");
}

const moneyFormat = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** Cents as "1234,50" (a number for a Spanish spreadsheet, no currency sign, no grouping). */
export function csvMoney(cents: number): string {
  return moneyFormat.format(cents / 100);
}

export type CsvExport<Item> = {
  header: readonly string[];
  batches: AsyncIterable<Item[]>;
  /** The cells of one item; each cell is guarded against formula injection here. */
  row: (item: Item) => readonly string[];
};

/** The whole export as a byte stream: BOM and header first, then one chunk per batch read. */
export function csvStream<Item>({ header, batches, row }: CsvExport<Item>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const lines = (rows: readonly (readonly string[])[]) => stringify(rows as string[][], CSV_OPTIONS);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF" + lines([header])));
    },
    // Pulled only when the reader wants more: the database is read at the client's pace.
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(lines(next.value.map((item) => row(item).map(guardFormula)))));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/** The answer that sends a CSV export as a download named `<name>-<aaaa-mm-dd>.csv` (Madrid day). */
export function csvAttachment(c: { var: { deps: { now: () => Date } }; body: (body: ReadableStream, status: 200, headers: Record<string, string>) => Response }, name: string, body: ReadableStream<Uint8Array>) {
  const day = csvDateTime(c.var.deps.now()).slice(0, 10).split("/").reverse().join("-");
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
    "Cache-Control": "private, no-store",
  });
}
