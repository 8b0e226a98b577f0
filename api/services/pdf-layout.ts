// The layout layer every customer document is drawn with (api/services/pdf-*.ts, one module a document): pdfkit with the
// standard Helvetica, A4, a title block, headings, paragraphs, bullets, label/value rows, tables
// and a footer on every page.
//
// Every file it makes is a tagged PDF (PDF 1.7, /Lang es-ES, the title shown as the window's
// title): each method draws its text inside the structure element it is (H1, H2, P, L/LI/Lbl/LBody,
// Table/TR/TH/TD), added to one Document element in the order it is drawn, which is the reading
// order; rules, table bands and the page footers are artifacts. A document drawn only through
// these methods is tagged without doing anything else, which is why `doc` is private.
import PDFDocument from "pdfkit";

const COLORS = { ink: "#1f2933", muted: "#52606d", rule: "#cbd2d9", band: "#eef2f7", brand: "#0b4f8a" };
const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

/** The language of every document (the catalogue's /Lang). */
export const PDF_LANGUAGE = "es-ES";

type Column = { header: string; width: number; align?: "left" | "right" };
type Element = PDFKit.PDFStructureElement;

/** A thin layout layer over pdfkit: headings, paragraphs, label/value rows, tables, page footers; tagged. */
export class Pdf {
  private readonly doc: PDFKit.PDFDocument;
  /** The root of the structure tree: every element of the document, in reading order. */
  private readonly root: Element;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;

  constructor(title: string, author: string) {
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: 56, bottom: 64, left: 56, right: 56 },
      bufferPages: true,
      pdfVersion: "1.7",
      tagged: true,
      lang: PDF_LANGUAGE,
      displayTitle: true,
      info: { Title: title, Author: author, Creator: "Cotiza" },
    });
    this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
    this.root = this.doc.struct("Document");
    this.doc.addStructure(this.root);
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
  }

  get left() {
    return this.doc.page.margins.left;
  }
  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** Called between elements, never inside one: nothing marked is open when the page changes. */
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.continueOnNewPage();
  }

  /**
   * A structure element of `type` under `parent` (the Document by default). Each `draw` given to
   * `content` is drawn as marked content of that element, in order; pdfkit carries the marking
   * over a page break that happens while text wraps.
   */
  private element(type: string, parent: Element = this.root): Element {
    const element = this.doc.struct(type);
    parent.add(element);
    return element;
  }

  private content(element: Element, draw: () => void) {
    element.add(() => {
      draw();
    });
  }

  /** One element holding only what `draw` draws, ended. */
  private leaf(type: string, draw: () => void, parent: Element = this.root): Element {
    const element = this.element(type, parent);
    this.content(element, draw);
    element.end();
    return element;
  }

  /** Decoration (rules, bands, footers): drawn outside the structure tree, as an artifact. */
  private artifact(type: "Layout" | "Pagination", draw: () => void) {
    this.doc.markContent("Artifact", { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** The distributor's name as text (no letter spacing: a reader gets the words, not the letters), the title, a subtitle. */
  title(brand: string, title: string, subtitle?: string) {
    const { doc } = this;
    [brand, title, subtitle] = [winAnsi(brand), winAnsi(title), subtitle && winAnsi(subtitle)];
    this.leaf("P", () => {
      doc.font(FONT.bold).fontSize(9).fillColor(COLORS.brand).text(brand, this.left, doc.y, { width: this.width });
    });
    doc.moveDown(0.3);
    this.leaf("H1", () => {
      doc.font(FONT.bold).fontSize(18).fillColor(COLORS.ink).text(title, { width: this.width });
    });
    if (subtitle) {
      this.leaf("P", () => {
        doc.font(FONT.regular).fontSize(11).fillColor(COLORS.muted).text(subtitle, { width: this.width });
      });
    }
    doc.moveDown(0.5);
    this.rule();
    doc.fillColor(COLORS.ink).fontSize(10);
  }

  rule() {
    const y = this.doc.y;
    this.artifact("Layout", () => {
      this.doc
        .moveTo(this.left, y)
        .lineTo(this.left + this.width, y)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
    });
    this.doc.moveDown(0.5);
  }

  heading(text: string) {
    text = winAnsi(text);
    this.ensureSpace(48);
    this.doc.moveDown(0.6);
    this.leaf("H2", () => {
      this.doc.font(FONT.bold).fontSize(12).fillColor(COLORS.brand).text(text, this.left, this.doc.y, { width: this.width });
    });
    this.doc.moveDown(0.3);
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
  }

  paragraph(text: string, opts: { muted?: boolean; bold?: boolean; size?: number } = {}) {
    const { doc } = this;
    text = winAnsi(text);
    doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(opts.size ?? 10)
      .fillColor(opts.muted ? COLORS.muted : COLORS.ink);
    this.ensureSpace(doc.heightOfString(text, { width: this.width }));
    this.leaf("P", () => {
      doc.text(text, this.left, doc.y, { width: this.width, lineGap: 1.5 });
    });
    doc.moveDown(0.4);
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
  }

  /** A list (L): each item an LI with its bullet (Lbl) and its text (LBody). */
  bullets(items: readonly string[]) {
    const { doc } = this;
    const indent = 12;
    const list = this.element("L");
    for (const item of items.map(winAnsi)) {
      doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
      const height = doc.heightOfString(item, { width: this.width - indent });
      this.ensureSpace(height + 2);
      const y = doc.y;
      const li = this.element("LI", list);
      this.leaf("Lbl", () => doc.text("•", this.left, y), li);
      this.leaf("LBody", () => doc.text(item, this.left + indent, y, { width: this.width - indent, lineGap: 1.5 }), li);
      li.end();
      doc.moveDown(0.25);
    }
    list.end();
    doc.x = this.left;
  }

  /**
   * Label / value pairs in two columns, each pair one paragraph (P) read "Tomador: Lucía Martín".
   * Also a text extractor that ignores the tags (pdftotext, with or without -layout) reads each
   * label right before its value: the label ends in a colon; the rows are more than 1.5 font sizes
   * apart, closer than that pdftotext joins the labels into one column read before the values;
   * and a label too long for one line puts its value on its last line, not beside its first.
   */
  keyValues(rows: ReadonlyArray<readonly [string, string]>) {
    const { doc } = this;
    const labelWidth = Math.round(this.width * 0.38);
    const valueWidth = this.width - labelWidth - 8;
    const rowGap = 5;
    for (const [name, raw] of rows) {
      const label = winAnsi(`${name}:`);
      const value = winAnsi(raw);
      doc.fontSize(10);
      const labelHeight = doc.font(FONT.regular).heightOfString(label, { width: labelWidth });
      const valueTop = labelHeight - doc.currentLineHeight(true);
      const height = Math.max(labelHeight, valueTop + doc.font(FONT.bold).heightOfString(value, { width: valueWidth }));
      this.ensureSpace(height + rowGap);
      const y = doc.y;
      const pair = this.element("P");
      this.content(pair, () => doc.font(FONT.regular).fillColor(COLORS.muted).text(label, this.left, y, { width: labelWidth }));
      this.content(pair, () =>
        doc
          .font(FONT.bold)
          .fillColor(COLORS.ink)
          .text(value, this.left + labelWidth + 8, y + valueTop, { width: valueWidth }),
      );
      pair.end();
      doc.y = y + height + rowGap;
    }
    doc.x = this.left;
    doc.font(FONT.regular).fillColor(COLORS.ink);
  }

  /** A table (Table, TR, TH for the header row, TD); widths are fractions of the text width. `emphasis` rows are bold (totals). */
  table(columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, opts: { emphasis?: number[]; size?: number } = {}) {
    const { doc } = this;
    const size = opts.size ?? 9.5;
    const pad = 4;
    const widths = columns.map((c) => c.width * this.width);
    const table = this.element("Table");
    const rowHeight = (cells: readonly string[], font: string) =>
      Math.max(
        ...cells.map((cell, i) =>
          doc
            .font(font)
            .fontSize(size)
            .heightOfString(cell, { width: widths[i]! - 2 * pad }),
        ),
      ) +
      2 * pad;
    const drawRow = (cells: readonly string[], font: string, header: boolean) => {
      const height = rowHeight(cells, font);
      this.ensureSpace(height);
      const y = doc.y;
      if (header) this.artifact("Layout", () => doc.rect(this.left, y, this.width, height).fill(COLORS.band));
      const tr = this.element("TR", table);
      let x = this.left;
      cells.forEach((cell, i) => {
        const element = this.element(header ? "TH" : "TD", tr);
        if (header) columnScope(element);
        const options = { width: widths[i]! - 2 * pad, align: columns[i]!.align ?? "left" } as const;
        doc.font(font).fontSize(size).fillColor(COLORS.ink);
        // A cell of several lines ("name\ndescription") holds a paragraph per line: read as one
        // marked text, the lines would run together ("explosiónLos daños").
        const lines = cell.split("\n");
        if (lines.length === 1) this.content(element, () => doc.text(cell, x + pad, y + pad, options));
        else lines.forEach((line, n) => this.leaf("P", () => doc.text(line, x + pad, n === 0 ? y + pad : doc.y, options), element));
        element.end();
        x += widths[i]!;
      });
      tr.end();
      this.artifact("Layout", () => {
        doc
          .moveTo(this.left, y + height)
          .lineTo(this.left + this.width, y + height)
          .lineWidth(0.5)
          .strokeColor(COLORS.rule)
          .stroke();
      });
      doc.y = y + height;
    };
    drawRow(
      columns.map((c) => winAnsi(c.header)),
      FONT.bold,
      true,
    );
    rows.forEach((row, i) => drawRow(row.map(winAnsi), opts.emphasis?.includes(i) ? FONT.bold : FONT.regular, false));
    table.end();
    doc.x = this.left;
    doc.moveDown(0.6);
    doc.font(FONT.regular).fontSize(10);
  }

  /** Writes the footer on every page ("Página n de m", an artifact) and returns the file. */
  async finish(footer: string): Promise<Buffer> {
    const { doc } = this;
    footer = winAnsi(footer);
    this.root.end();
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Text below the bottom margin would start a new page: lift the margin while writing.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 44;
      this.artifact("Pagination", () => {
        doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
        doc.text(footer, this.left, y, { width: this.width - 70 });
        doc.text(`Página ${i + 1} de ${range.count}`, this.left + this.width - 70, y, { width: 70, align: "right" });
      });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.ended;
  }
}

/**
 * The text as the standard fonts can write it (WinAnsi): pdfkit writes a character outside it as
 * two wrong bytes (the minus sign of "(−10 %)" came out as '("10 %)'), so the ones the data uses
 * become their nearest WinAnsi character.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[\u2010\u2011\u2212]/g, "-")
    .replace(/[\u2007\u202f]/g, "\u00a0")
    .replace(/[\u2009\u200a]/g, " ");
}

/** A header cell of a table whose header is its first row: it heads its column (/Scope /Column). Before the cell ends. */
function columnScope(th: Element) {
  // pdfkit writes the element's dictionary (its `data`) when the element ends; the types do not show it.
  (th as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data.A = { O: "Table", Scope: "Column" };
}
