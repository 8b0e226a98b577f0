// The one layout of every e-mail the site sends: the body a service writes as plain
// text, followed by the distributor's signature, as a text part and as an HTML part with the same
// words. The HTML is what mail clients expect (a presentation table, inline styles, no images, no
// external CSS); every piece of text is escaped, and each address in the text becomes a plain
// link that shows the address itself. enqueueEmail (mail.ts) applies it to every message.
//
// The body's conventions: paragraphs separated by a blank line; within one, lines stay lines;
// lines that start with "- " are a list.
import type { SiteInfo } from "../contract/site";

export type EmailSignature = Pick<SiteInfo, "distributorName" | "registrationNumber" | "address">;
export type EmailParts = { text: string; html: string };

/**
 * `text` ending in one full stop: "… S.L." stays as it is (never "S.L.."), "Cotiza" gets one.
 * For sentences that end with a name or a value a person typed.
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The lines that close every e-mail: who writes (the distributor) and where it is registered. */
export function signatureLines(d: EmailSignature): string[] {
  return [d.distributorName, `Inscrita en el Registro de distribuidores de seguros de la DGSFP con la clave ${d.registrationNumber}`, d.address];
}

const COLOURS = { page: "#f1f5f9", card: "#ffffff", text: "#0f172a", muted: "#475569", rule: "#e2e8f0", brand: "#1e40af" };
const FONT = "font-family:Arial,Helvetica,sans-serif;";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// An http(s) address up to the next space (a closing bracket or a final punctuation mark is not
// part of it), or an e-mail address.
const LINKABLE = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]])|([\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,})/gi;

/** One line of text as HTML: escaped, each address a link that shows itself (styled by styleBody). */
export function inline(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(LINKABLE)) {
    const [found, url] = match;
    html += escapeHtml(line.slice(last, match.index));
    const href = url ? found : `mailto:${found}`;
    html += `<a href="${escapeHtml(href)}">${escapeHtml(found)}</a>`;
    last = match.index + found.length;
  }
  return html + escapeHtml(line.slice(last));
}

const isItem = (line: string) => line.startsWith("- ");

/** A paragraph of the body: runs of list items become a list, other lines a paragraph with line breaks. */
function block(lines: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const item = isItem(lines[i]!);
    const run: string[] = [];
    while (i < lines.length && isItem(lines[i]!) === item) run.push(lines[i++]!);
    out.push(item ? `<ul>${run.map((l) => `<li>${inline(l.slice(2))}</li>`).join("")}</ul>` : `<p>${run.map(inline).join("<br>")}</p>`);
  }
  return out.join("");
}

/** The body split into paragraphs (blank lines between them), each a list of its lines. */
export function paragraphs(body: string): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (line.trim() === "") {
      if (current.length) result.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) result.push(current);
  return result;
}

/** Plain text as an unstyled HTML body: paragraphs, line breaks and "- " lists (the default HTML of a template, ADR 040). */
export function textToHtml(body: string): string {
  return paragraphs(body).map(block).join("");
}

const TAG_STYLES: Record<string, string> = {
  p: "margin:0 0 16px;",
  ul: "margin:0 0 16px;padding:0 0 0 22px;",
  ol: "margin:0 0 16px;padding:0 0 0 22px;",
  li: "margin:0 0 4px;",
  h2: `margin:0 0 16px;font-size:20px;line-height:1.3;color:${COLOURS.text};`,
  h3: `margin:0 0 12px;font-size:17px;line-height:1.3;color:${COLOURS.text};`,
  table: "border-collapse:collapse;margin:0 0 16px;",
  th: `padding:4px 8px;border:1px solid ${COLOURS.rule};text-align:left;`,
  td: `padding:4px 8px;border:1px solid ${COLOURS.rule};`,
};

/** The inline styles mail clients need, added to a body of plain tags (the templates' HTML carries no style attribute). */
export function styleBody(html: string): string {
  return html
    .replace(/<(p|ul|ol|li|h2|h3|table|th|td)>/g, (_, tag: string) => `<${tag} style="${TAG_STYLES[tag]}">`)
    .replace(/<a href="([^"]*)">/g, `<a href="$1" style="color:${COLOURS.brand};text-decoration:underline;">`);
}

/** The e-mail as sent: the body and the distributor's signature, as plain text and as HTML. */
export function layoutEmail(subject: string, body: string, signature: EmailSignature): EmailParts {
  return layoutParts(subject, body, textToHtml(body), signature);
}

/** The layout around a body given in both forms: the text (paragraphs tidied) and the HTML body (plain tags, styled here), each signed. */
export function layoutParts(subject: string, body: string, bodyHtml: string, signature: EmailSignature): EmailParts {
  const blocks = paragraphs(body);
  const signed = signatureLines(signature);
  const text = [...blocks.map((lines) => lines.join("\n")), signed.join("\n")].join("\n\n");
  const [name, ...rest] = signed;
  const html = [
    "<!DOCTYPE html>",
    '<html lang="es">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:${COLOURS.page};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOURS.page};">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:${COLOURS.card};border-top:4px solid ${COLOURS.brand};">`,
    `<tr><td style="padding:24px 24px 8px;${FONT}font-size:16px;line-height:1.5;color:${COLOURS.text};">${styleBody(bodyHtml)}</td></tr>`,
    `<tr><td style="padding:16px 24px 24px;border-top:1px solid ${COLOURS.rule};${FONT}font-size:13px;line-height:1.5;color:${COLOURS.muted};">`,
    `<strong style="color:${COLOURS.text};">${styleBody(inline(name!))}</strong><br>${styleBody(rest.map(inline).join("<br>"))}`,
    "</td></tr>",
    "</table>",
    "</td></tr>",
    "</table>",
    "</body>",
    "</html>",
  ].join("\n");
  return { text, html };
}
