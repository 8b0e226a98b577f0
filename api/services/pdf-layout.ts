// The layout layer every customer document is drawn with (api/services/pdf.ts): pdfkit with the
// standard Helvetica, A4, a title block, headings, paragraphs, bullets, label/value rows, tables
// and a footer on every page.
import PDFDocument from "pdfkit";

const COLORS = { ink: "#1f2933", muted: "#52606d", rule: "#cbd2d9", band: "#eef2f7", brand: "#0b4f8a" };
const FONT = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique" };

type Column = { header: string; width: number; align?: "left" | "right" };

/** A thin layout layer over pdfkit: headings, paragraphs, label/value rows, tables, page footers. */
export class Pdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;

  constructor(title: string, author: string) {
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: 56, bottom: 64, left: 56, right: 56 },
      bufferPages: true,
      info: { Title: title, Author: author, Creator: "Cotiza" },
    });
    this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
  }

  get left() {
    return this.doc.page.margins.left;
  }
  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private ensureSpace(height: number) {
    if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
  }

  title(brand: string, title: string, subtitle?: string) {
    const { doc } = this;
    doc.font(FONT.bold).fontSize(9).fillColor(COLORS.brand).text(brand.toUpperCase(), this.left, doc.y, { characterSpacing: 1 });
    doc.moveDown(0.3);
    doc.font(FONT.bold).fontSize(18).fillColor(COLORS.ink).text(title, { width: this.width });
    if (subtitle) doc.font(FONT.regular).fontSize(11).fillColor(COLORS.muted).text(subtitle, { width: this.width });
    doc.moveDown(0.5);
    this.rule();
    doc.fillColor(COLORS.ink).fontSize(10);
  }

  rule() {
    const y = this.doc.y;
    this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    this.doc.moveDown(0.5);
  }

  heading(text: string) {
    this.ensureSpace(48);
    this.doc.moveDown(0.6);
    this.doc.font(FONT.bold).fontSize(12).fillColor(COLORS.brand).text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
    this.doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
  }

  paragraph(text: string, opts: { muted?: boolean; bold?: boolean; size?: number } = {}) {
    const { doc } = this;
    doc
      .font(opts.bold ? FONT.bold : FONT.regular)
      .fontSize(opts.size ?? 10)
      .fillColor(opts.muted ? COLORS.muted : COLORS.ink);
    this.ensureSpace(doc.heightOfString(text, { width: this.width }));
    doc.text(text, this.left, doc.y, { width: this.width, lineGap: 1.5 });
    doc.moveDown(0.4);
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
  }

  bullets(items: readonly string[]) {
    const { doc } = this;
    const indent = 12;
    for (const item of items) {
      doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink);
      const height = doc.heightOfString(item, { width: this.width - indent });
      this.ensureSpace(height + 2);
      const y = doc.y;
      doc.text("•", this.left, y);
      doc.text(item, this.left + indent, y, { width: this.width - indent, lineGap: 1.5 });
      doc.moveDown(0.25);
    }
    doc.x = this.left;
  }

  /** Label / value pairs in two columns. */
  keyValues(rows: ReadonlyArray<readonly [string, string]>) {
    const { doc } = this;
    const labelWidth = Math.round(this.width * 0.38);
    const valueWidth = this.width - labelWidth - 8;
    for (const [label, value] of rows) {
      doc.fontSize(10);
      const height = Math.max(
        doc.font(FONT.regular).heightOfString(label, { width: labelWidth }),
        doc.font(FONT.bold).heightOfString(value, { width: valueWidth }),
      );
      this.ensureSpace(height + 3);
      const y = doc.y;
      doc.font(FONT.regular).fillColor(COLORS.muted).text(label, this.left, y, { width: labelWidth });
      doc.font(FONT.bold).fillColor(COLORS.ink).text(value, this.left + labelWidth + 8, y, { width: valueWidth });
      doc.y = y + height + 3;
    }
    doc.x = this.left;
    doc.font(FONT.regular).fillColor(COLORS.ink);
  }

  /** A table; widths are fractions of the text width. `emphasis` rows are bold (totals). */
  table(columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, opts: { emphasis?: number[]; size?: number } = {}) {
    const { doc } = this;
    const size = opts.size ?? 9.5;
    const pad = 4;
    const widths = columns.map((c) => c.width * this.width);
    const rowHeight = (cells: readonly string[], font: string) =>
      Math.max(...cells.map((cell, i) => doc.font(font).fontSize(size).heightOfString(cell, { width: widths[i]! - 2 * pad }))) + 2 * pad;
    const drawRow = (cells: readonly string[], font: string, band: boolean) => {
      const height = rowHeight(cells, font);
      this.ensureSpace(height);
      const y = doc.y;
      if (band) doc.rect(this.left, y, this.width, height).fill(COLORS.band);
      let x = this.left;
      cells.forEach((cell, i) => {
        doc
          .font(font)
          .fontSize(size)
          .fillColor(COLORS.ink)
          .text(cell, x + pad, y + pad, { width: widths[i]! - 2 * pad, align: columns[i]!.align ?? "left" });
        x += widths[i]!;
      });
      doc.moveTo(this.left, y + height).lineTo(this.left + this.width, y + height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
      doc.y = y + height;
    };
    drawRow(
      columns.map((c) => c.header),
      FONT.bold,
      true,
    );
    rows.forEach((row, i) => drawRow(row, opts.emphasis?.includes(i) ? FONT.bold : FONT.regular, false));
    doc.x = this.left;
    doc.moveDown(0.6);
    doc.font(FONT.regular).fontSize(10);
  }

  /** Writes the footer on every page ("Página n de m") and returns the file. */
  async finish(footer: string): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Text below the bottom margin would start a new page: lift the margin while writing.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 44;
      doc.font(FONT.regular).fontSize(7.5).fillColor(COLORS.muted);
      doc.text(footer, this.left, y, { width: this.width - 70 });
      doc.text(`Página ${i + 1} de ${range.count}`, this.left + this.width - 70, y, { width: 70, align: "right" });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.ended;
  }
}
