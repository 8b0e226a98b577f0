// The text of a PDF made by api/services/pdf-*.ts (pdfkit, standard fonts): its content streams
// inflated, and the hex strings of each TJ/Tj joined and read as WinAnsi. Enough to assert that a
// document says something; not a general PDF reader.
import { inflateSync } from "node:zlib";

const WIN_ANSI = new TextDecoder("windows-1252");

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  // pdfkit ends a stream's data with "\n" before "endstream"; a "\r" there is the data's last
  // byte (compressed bytes can be anything), not part of the end of line.
  const streams = /stream\r?\n([\s\S]*?)\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    const shows = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let t = shows.exec(content); t; t = shows.exec(content)) {
      const hex = t[1] !== undefined ? [...t[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join("") : t[2]!;
      lines.push(WIN_ANSI.decode(Buffer.from(hex, "hex")));
    }
  }
  return lines.join("\n");
}
