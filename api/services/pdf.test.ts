import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_RATING_TABLES } from "../db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { reciboPeriod } from "../domain/calendar";
import { DOCUMENT_CONTEXT, DOCUMENTS, type DocumentKind } from "../../tests/support/pdf-documents";
import { pdfText } from "../../tests/support/pdf-text";
import { renderIpidPdf } from "./pdf-ipid";
import { formatInstant } from "./pdf-sections";
import { Pdf, winAnsi } from "./pdf-layout";

describe("reciboPeriod", () => {
  it("covers from each due date to the day before the next", () => {
    expect(reciboPeriod("2026-03-10", "anual", 1)).toEqual({ from: "2026-03-10", to: "2027-03-09" });
    expect(reciboPeriod("2026-03-10", "trimestral", 4)).toEqual({ from: "2026-12-10", to: "2027-03-09" });
    // A start on the 31st: months without that day end on their last day.
    expect(reciboPeriod("2026-01-31", "mensual", 1)).toEqual({ from: "2026-01-31", to: "2026-02-27" });
    expect(reciboPeriod("2026-01-31", "mensual", 2)).toEqual({ from: "2026-02-28", to: "2026-03-30" });
  });
});

describe("formatInstant", () => {
  it("shows the time in Spain, summer or winter", () => {
    expect(formatInstant(new Date("2026-03-10T09:05:00Z"))).toBe("10/03/2026 10:05");
    expect(formatInstant(new Date("2026-07-31T22:30:00Z"))).toBe("01/08/2026 00:30");
  });
});

describe("renderIpidPdf", () => {
  it("produces a PDF for each line", async () => {
    for (const line of ["auto", "hogar", "alquiler"] as const) {
      const pdf = await renderIpidPdf(
        {
          line,
          lineName: `Seguro ${line}`,
          lineDescription: "",
          plans: SEED_RATING_TABLES.plans.filter((p) => p.line === line),
          guarantees: SEED_RATING_TABLES.guarantees.filter((g) => g.line === line),
          fractionationBp: DEFAULT_SETTINGS.fractionation_surcharges_bp,
          tariffs: SEED_RATING_TABLES.tariffs,
        },
        { distributor: DEFAULT_SETTINGS.distributor, insurers: DEFAULT_SETTINGS.insurers, withdrawal: { days: 14, lines: ["hogar", "alquiler"] } },
      );
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.subarray(-6).toString()).toContain("%%EOF");
      // The insurer of that line, with its NIF and DGSFP key.
      const insurer = DEFAULT_SETTINGS.insurers[line];
      const text = pdfText(pdf).replace(/\s+/g, " ");
      expect(text).toContain(insurer.name);
      expect(text).toContain(`NIF ${insurer.taxId}`);
      expect(text).toContain(`clave DGSFP ${insurer.dgsfpKey}`);
      // What raises or lowers the price, in words: every factor of the line's tariff and each plan's base.
      expect(text).toContain("¿Qué hace variar el precio?");
      for (const t of SEED_RATING_TABLES.tariffs.filter((x) => x.line === line)) expect(text).toContain(t.table.title);
      for (const p of SEED_RATING_TABLES.plans.filter((x) => x.line === line)) expect(text).toContain(p.name);
    }
    const auto = pdfText(
      await renderIpidPdf(
        {
          line: "auto",
          lineName: "Seguro de coche",
          lineDescription: "",
          plans: SEED_RATING_TABLES.plans.filter((p) => p.line === "auto"),
          guarantees: SEED_RATING_TABLES.guarantees.filter((g) => g.line === "auto"),
          fractionationBp: DEFAULT_SETTINGS.fractionation_surcharges_bp,
          tariffs: SEED_RATING_TABLES.tariffs,
        },
        { distributor: DEFAULT_SETTINGS.distributor, insurers: DEFAULT_SETTINGS.insurers, withdrawal: { days: 14, lines: ["hogar", "alquiler"] } },
      ),
    ).replace(/\s+/g, " ");
    expect(auto).toMatch(/Terceros: 220,00 \S* ?al año/);
    expect(auto).toContain("De 18 a 20 años Sube un 120 % (× 2,20)");
    expect(auto).toContain("10 años o más (-50 %) Baja un 50 % (× 0,50)");
    expect(auto).toMatch(/Zona 4: [^.]*Madrid/);
  });
});

describe("winAnsi", () => {
  it("writes the characters the data uses outside the standard fonts' encoding with their nearest one", async () => {
    expect(winAnsi("Puerta blindada (\u22125 %) · 1\u202f234 €")).toBe("Puerta blindada (-5 %) · 1\u00a0234 €");
    // A discount of the rating explanation, in the quote (its minus sign was once written as '"').
    expect(pdfText(await DOCUMENTS.quote()).replace(/\s+/g, " ")).toContain("Alarma conectada a central (-10 %)");
  });
});

// Issue 28: every document is a tagged PDF in Spanish whose text reads in order, each label right
// before its value, also for a reader that only has pdftotext (Debian's poppler-utils).
describe("every customer document, read as a reader would", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cotiza-pdf-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const poppler = (tool: "pdftotext" | "pdfinfo", args: string[]) => {
    try {
      return execFileSync(tool, args, { encoding: "utf8" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`${tool} is missing: apt-get install poppler-utils`);
      throw error;
    }
  };
  const flat = (text: string) => text.replace(/\s+/g, " ");

  it.each(Object.keys(DOCUMENTS) as DocumentKind[])("%s: tagged, in Spanish, each label followed by its value", async (kind) => {
    // Every label/value pair the document draws, in order.
    const keyValues = vi.spyOn(Pdf.prototype, "keyValues");
    const pdf = await DOCUMENTS[kind]();
    const pairs = keyValues.mock.calls.flatMap(([rows]) => rows.map(([label, value]) => [winAnsi(label), winAnsi(value)] as const));
    keyValues.mockRestore();
    expect(pairs.length).toBeGreaterThan(2);
    const file = join(dir, `${kind}.pdf`);
    writeFileSync(file, pdf);

    const info = poppler("pdfinfo", [file]);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    // The catalogue says the language (pdfkit writes it uncompressed) and asks viewers to show the title.
    const catalog = /<<\n\/Type \/Catalog\n[\s\S]*?\n>>/.exec(pdf.toString("latin1"))?.[0];
    expect(catalog).toContain("/Lang (es-ES)");
    expect(catalog).toContain("/ViewerPreferences");

    for (const args of [[], ["-layout"]]) {
      const text = poppler("pdftotext", [...args, "-enc", "UTF-8", file, "-"]);
      // The brand line is the distributor's name as text, not letter by letter.
      expect(text.trimStart().split("\n")[0]!.trim(), `pdftotext ${args.join(" ")}`).toBe(DOCUMENT_CONTEXT.distributor.distributorName);
      const read = flat(text);
      let from = 0;
      for (const [label, value] of pairs) {
        const pair = flat(`${label}: ${value}`);
        const at = read.indexOf(pair, from);
        expect(at, `pdftotext ${args.join(" ")} reads "${pair}" after the pair before it`).toBeGreaterThanOrEqual(0);
        from = at + pair.length;
      }
    }

    // The structure tree: one Document, a title (H1) and sections (H2); each pair one paragraph,
    // its label then its value; every word above the footer is in the tree, the footer (an
    // artifact, 44 pt from the bottom of the A4 page) is not.
    const tree = poppler("pdfinfo", ["-struct-text", file]);
    expect(tree.split("\n")[0]).toBe("Document");
    expect(tree).toMatch(/^ {2}H1 \(block\)$/m);
    expect(tree).toMatch(/^ {2}H2 \(block\)$/m);
    for (const [label, value] of pairs) expect(tree).toContain(`  P (block)\n    "${label}:"\n    "${flat(value)}"\n`);
    expect(tree).not.toContain("Página");
    // (Words split at "×" too: pdftotext reads the factor "× 1" as "×1".)
    const words = (text: string) => text.split(/[\s×]+/).filter(Boolean);
    const tagged = new Set(words([...tree.matchAll(/^\s*"(.*)"$/gm)].map((m) => m[1]).join(" ")));
    const untagged = words(poppler("pdftotext", ["-enc", "UTF-8", "-x", "0", "-y", "0", "-W", "595", "-H", "780", file, "-"])).filter(
      (word) => !tagged.has(word),
    );
    expect(untagged).toEqual([]);
  });
});
