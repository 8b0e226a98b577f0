// CSV exports of lists, streamed: one batch read, written, then the next, so memory stays flat
// whatever the size of the list, and a client that goes away stops the reading.
// The separator and BOM that Excel in Spanish expects (";" and UTF-8 with BOM), cells guarded
// against formula injection, dates and numbers in es-ES. Cells are quoted as csv-stringify does
// with these options (a ";", '"', CR or LF inside, or a space at either end; '"' doubled): the
// writer is ours because an export writes tens of millions of cells and csv-stringify's per-cell
// machinery (casting, option checks, a record array per row) was a fifth of its time.
import type { Logger } from "../platform/logger";
import { madridParts } from "../platform/madrid-time";
import { loggedStream } from "../platform/streams";

/** A cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
export function guardFormula(value: string): string {
  switch (value.charCodeAt(0)) {
    case 61: // =
    case 43: // +
    case 45: // -
    case 64: // @
    case 9: // tab
    case 13: // CR
      return `'${value}`;
    default:
      return value;
  }
}

const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;
const QUOTES = /"/g;

/** One cell as written in the file: quoted (with '"' doubled) only when it has to be. */
export function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(QUOTES, '""')}"` : value;
}

/** One record and its line end: cells guarded against formulas, then quoted where needed. */
export function csvLine(cells: readonly string[]): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ";";
    line += csvCell(guardFormula(cells[i]!));
  }
  return line + "\r\n";
}

/** "01/05/2026 14:03:09", Madrid time: what a spreadsheet set to Spanish reads as a date and time. */
export function csvDateTime(date: Date | string): string {
  const p = madridParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
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
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF" + csvLine(header)));
    },
    // Pulled only when the reader wants more: the database is read at the client's pace.
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      let text = "";
      for (const item of next.value) text += csvLine(row(item));
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/**
 * The answer that sends a CSV export as a download named `<name>-<aaaa-mm-dd>.csv` (Madrid day).
 * A batch that cannot be read after the 200 went out is logged and cuts the download (platform/streams.ts).
 */
export function csvAttachment(
  c: {
    var: { deps: { now: () => Date; logger: Logger } };
    req: { path: string };
    body: (body: ReadableStream, status: 200, headers: Record<string, string>) => Response;
  },
  name: string,
  body: ReadableStream<Uint8Array>,
) {
  const day = csvDateTime(c.var.deps.now()).slice(0, 10).split("/").reverse().join("-");
  return c.body(loggedStream(body, c.var.deps.logger, "csv export failed", { path: c.req.path }), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
    "Cache-Control": "private, no-store",
  });
}
