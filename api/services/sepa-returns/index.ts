// Reading the bank's return file: its bytes decoded (UTF-8, else Latin-1 as many Spanish banks
// export), then parsed as pain.002 when it is XML, as the CSV otherwise.
import { parseReturnCsv } from "./csv";
import { parsePain002 } from "./pain002";
import type { ParsedReturnFile } from "./types";

export type { LineError, ParsedReturnFile, ReturnFormat, ReturnLine } from "./types";

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), Windows-1252 (a superset of Latin-1) otherwise. */
export function decodeReturnFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export function parseReturnFile(bytes: Uint8Array): ParsedReturnFile {
  const text = decodeReturnFile(bytes);
  if (text.includes("\u0000")) {
    return {
      format: "csv",
      lines: [],
      errors: [{ line: 1, message: "El fichero no es de texto (¿un PDF o una hoja de cálculo?)" }],
      originalMessageIds: [],
      creditorIds: [],
    };
  }
  return text.trimStart().startsWith("<") ? parsePain002(text) : parseReturnCsv(text);
}
