// The one place an e-mail template becomes a message (ADR 040): the placeholders filled with the
// sender's values — as they are in the subject and the text, escaped (and each address a link) in
// the HTML — and the layout of ADR 022 around the body, with the distributor's signature. A line
// of the text that holds only a placeholder with no value disappears, so conditional sentences
// leave no gap; the HTML drops the paragraph or line break it leaves empty.
import { TEMPLATE_DEFAULTS, type PlaceholderName } from "../contract/email-template-catalogue";
import { safeHref } from "../contract/email-templates";
import type { EmailTemplateKey } from "../contract/vocabulary";
import { escapeHtml, inline, layoutParts, textToHtml, type EmailParts, type EmailSignature } from "./email-layout";

export type TemplateValues = Partial<Record<PlaceholderName, string>>;
export type TemplateSource = { subject: string; text: string; html: string };
export type RenderedEmail = EmailParts & { subject: string };

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const ONLY_PLACEHOLDER = /^\s*\{\{\s*([A-Za-z0-9_]+)\s*\}\}\s*$/;

/** The code's own version of a template: its default subject and text, and the text's paragraphs as the HTML body. */
export function defaultTemplate(key: EmailTemplateKey): TemplateSource {
  const d = TEMPLATE_DEFAULTS[key];
  return { subject: d.subject, text: d.text, html: textToHtml(d.text) };
}

const valueOf = (values: Record<string, string | undefined>, name: string) => values[name] ?? "";

function renderText(text: string, values: Record<string, string | undefined>): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => {
      const only = ONLY_PLACEHOLDER.exec(line);
      return !only || valueOf(values, only[1]!).trim() !== "";
    })
    .join("\n")
    .replace(PLACEHOLDER, (_, name: string) => valueOf(values, name));
}

/** A value in the HTML body: escaped, addresses linked, its lines kept, "- " lines a list, blank lines new paragraphs. */
function htmlValue(value: string): string {
  const paragraphs = value.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  return paragraphs
    .map((paragraph) => {
      const lines = paragraph.split("\n").filter((l) => l.trim() !== "");
      let out = "";
      for (let i = 0; i < lines.length;) {
        if (lines[i]!.startsWith("- ")) {
          const items: string[] = [];
          while (i < lines.length && lines[i]!.startsWith("- ")) items.push(`<li>${inline(lines[i++]!.slice(2))}</li>`);
          out += `</p><ul>${items.join("")}</ul><p>`;
        } else {
          out += (out && !out.endsWith("<p>") ? "<br>" : "") + inline(lines[i++]!);
        }
      }
      return out;
    })
    .join("</p><p>");
}

function renderHtml(html: string, values: Record<string, string | undefined>): string {
  const filled = html
    // A link's address: the value only when it is a web or mail address.
    .replace(/href="\{\{\s*([A-Za-z0-9_]+)\s*\}\}"/g, (_, name: string) => {
      const v = valueOf(values, name).trim();
      return `href="${safeHref(v) && !v.startsWith("{{") ? escapeHtml(v) : "#"}"`;
    })
    .replace(PLACEHOLDER, (_, name: string) => htmlValue(valueOf(values, name)));
  let tidy = filled;
  for (let before = ""; before !== tidy;) {
    before = tidy;
    tidy = tidy
      .replace(/(<br>\s*){2,}/g, "<br>")
      .replace(/<p>\s*<br>/g, "<p>")
      .replace(/<br>\s*<\/p>/g, "</p>")
      .replace(/<p>\s*<\/p>/g, "")
      .replace(/<(li|td|th)>\s*<br>/g, "<$1>");
  }
  return tidy;
}

/** A template with its values: subject on one line, the text and HTML parts laid out and signed. */
export function renderTemplate(source: TemplateSource, values: TemplateValues, signature: EmailSignature): RenderedEmail {
  const subject = renderText(source.subject, values).replace(/\s+/g, " ").trim();
  const parts = layoutParts(subject, renderText(source.text, values), renderHtml(source.html, values), signature);
  return { subject, ...parts };
}

/** Example values of a template's placeholders (the preview when no policy has them). */
export function exampleValues(key: EmailTemplateKey, examples: Record<string, { example: string }>): TemplateValues {
  return Object.fromEntries(TEMPLATE_DEFAULTS[key].placeholders.map((name) => [name, examples[name]!.example]));
}
