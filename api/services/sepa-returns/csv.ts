// The return file as many Spanish banks export it: a CSV, one returned debit a line.
//   referencia_adeudo;codigo_devolucion[;fecha][;importe]
// - The header names the columns (any order; case, accents, spaces and quotes do not matter);
//   referencia_adeudo (the end-to-end id of our pain.008) and codigo_devolucion (the R-code) are
//   required, fecha (dd/mm/aaaa or aaaa-mm-dd) and importe (120,00 · 1.234,56 · 120.00) optional.
// - Separator ";" or "," (the header's decides); fields may be quoted with "…".
// - Encoding UTF-8 (with or without BOM) or Latin-1 / Windows-1252: decodeReturnFile chooses.
// The page /admin/payments/returns says the same to staff.
import { isSepaReturnCode } from "../../domain/sepa-return-codes";
import { parseCents } from "./amount";
import { END_TO_END_MAX, type LineError, type ParsedReturnFile, type ReturnLine } from "./types";

const COLUMNS = ["referencia_adeudo", "codigo_devolucion", "fecha", "importe"] as const;
type Column = (typeof COLUMNS)[number];
// Characters of the SEPA Latin set the end-to-end id may use.
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]+$/;

/** Fields of one line; null when a quote is left open. */
export function splitCsvLine(text: string, separator: string): string[] | null {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (ch === separator) {
      fields.push(field.trim());
      field = "";
    } else field += ch;
  }
  if (quoted) return null;
  fields.push(field.trim());
  return fields;
}

const headerName = (raw: string) =>
  raw
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function validDate(text: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = text.includes("/") ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d);
}

export function parseReturnCsv(source: string): ParsedReturnFile {
  const result: ParsedReturnFile = { format: "csv", lines: [], errors: [], originalMessageIds: [], creditorIds: [] };
  const rows = source.split(/\r\n|\n|\r/);
  const headerIndex = rows.findIndex((row) => row.trim() !== "");
  if (headerIndex === -1) {
    result.errors.push({ line: 1, message: "El fichero está vacío" });
    return result;
  }
  const headerRow = rows[headerIndex]!;
  const separator = headerRow.includes(";") ? ";" : ",";
  const header = (splitCsvLine(headerRow, separator) ?? []).map(headerName);
  const position = new Map<Column, number>();
  for (const [i, name] of header.entries()) {
    if (!(COLUMNS as readonly string[]).includes(name)) {
      result.errors.push({ line: headerIndex + 1, message: `Columna desconocida en la cabecera: «${name}». Se admiten: ${COLUMNS.join(", ")}` });
      return result;
    }
    if (position.has(name as Column)) {
      result.errors.push({ line: headerIndex + 1, message: `La columna ${name} aparece dos veces en la cabecera` });
      return result;
    }
    position.set(name as Column, i);
  }
  for (const required of ["referencia_adeudo", "codigo_devolucion"] as const) {
    if (!position.has(required)) {
      result.errors.push({
        line: headerIndex + 1,
        message: `Falta la columna ${required} en la cabecera (referencia_adeudo;codigo_devolucion[;fecha][;importe])`,
      });
      return result;
    }
  }
  const seen = new Map<string, number>();
  for (let i = headerIndex + 1; i < rows.length; i++) {
    if (rows[i]!.trim() === "") continue;
    const parsed = csvLine(rows[i]!, i + 1, separator, header.length, position, seen);
    if ("message" in parsed) result.errors.push(parsed);
    else result.lines.push(parsed);
  }
  if (result.lines.length === 0 && result.errors.length === 0)
    result.errors.push({ line: headerIndex + 1, message: "El fichero no contiene ninguna devolución" });
  return result;
}

function csvLine(
  text: string,
  line: number,
  separator: string,
  width: number,
  position: Map<Column, number>,
  seen: Map<string, number>,
): ReturnLine | LineError {
  const fields = splitCsvLine(text, separator);
  if (!fields) return { line, message: "Hay unas comillas sin cerrar" };
  if (fields.length !== width) return { line, message: `La línea tiene ${fields.length} columnas y la cabecera ${width}` };
  const field = (column: Column) => (position.has(column) ? fields[position.get(column)!]! : "");
  const endToEndId = field("referencia_adeudo");
  if (!endToEndId) return { line, message: "Falta la referencia del adeudo" };
  if (endToEndId.length > END_TO_END_MAX) return { line, message: `La referencia del adeudo tiene más de ${END_TO_END_MAX} caracteres` };
  if (!SEPA_TEXT.test(endToEndId)) return { line, message: `La referencia del adeudo contiene caracteres no admitidos: ${endToEndId}` };
  const code = field("codigo_devolucion").toUpperCase();
  if (!code) return { line, message: `Falta el código de devolución del adeudo ${endToEndId}` };
  if (!isSepaReturnCode(code)) return { line, message: `Código de devolución desconocido: ${code}` };
  const date = field("fecha");
  if (date && !validDate(date)) return { line, message: `Fecha no válida: ${date} (use dd/mm/aaaa)` };
  const earlier = seen.get(endToEndId);
  if (earlier !== undefined) return { line, message: `El adeudo ${endToEndId} ya aparece en la línea ${earlier}` };
  seen.set(endToEndId, line);
  const amountText = field("importe");
  if (!amountText) return { line, endToEndId, code };
  const amountCents = parseCents(amountText);
  if (amountCents === null) return { line, message: `Importe no válido: ${amountText}` };
  return { line, endToEndId, code, amountCents };
}
