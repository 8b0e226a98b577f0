// What staff may save as an e-mail template (ADR 040), checked the same way by the API and the page:
// placeholders the template knows, the required ones present, braces balanced, and an HTML body
// made only of a few harmless tags and attributes (no scripts, styles, event handlers or
// javascript: links), because it is sent to customers and shown in the back office.
import { z } from "zod";
import { EMAIL_TEMPLATES, type EmailTemplateKey } from "./vocabulary";
import { PLACEHOLDERS, TEMPLATE_DEFAULTS, type PlaceholderName } from "./email-template-catalogue";

export const TEMPLATE_LIMITS = { subject: 200, text: 20_000, html: 40_000, note: 200 } as const;

/** Tags the HTML body may use; only `a` takes an attribute (href). */
export const ALLOWED_HTML_TAGS = ["p", "br", "strong", "em", "ul", "ol", "li", "a", "h2", "h3", "table", "thead", "tbody", "tr", "th", "td"] as const;
const ALLOWED = new Set<string>(ALLOWED_HTML_TAGS);

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholder names a source uses, in order of first appearance. */
export function placeholdersIn(source: string): string[] {
  return [...new Set([...source.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

export const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(PLACEHOLDERS, name);

/** An href the HTML body may use: http(s), mailto, or a placeholder the sender fills with a link. */
export function safeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim()) || /^\{\{\s*[A-Za-z0-9_]+\s*\}\}$/.test(href.trim());
}

/** The problems of a source's placeholders: braces left open, names the template does not know, required ones missing. */
function placeholderProblems(key: EmailTemplateKey, source: string, checkRequired: boolean): string[] {
  const problems: string[] = [];
  if (/[{}]/.test(source.replace(PLACEHOLDER, "")))
    problems.push("Hay llaves sin cerrar: cada variable se escribe {{nombre}}, con dos llaves a cada lado.");
  const known = new Set<string>(TEMPLATE_DEFAULTS[key].placeholders);
  for (const name of placeholdersIn(source)) if (!known.has(name)) problems.push(`La variable {{${name}}} no existe en esta plantilla.`);
  if (checkRequired) {
    const used = new Set(placeholdersIn(source));
    for (const name of TEMPLATE_DEFAULTS[key].required)
      if (!used.has(name)) problems.push(`Falta la variable {{${name}}}, obligatoria en esta plantilla.`);
  }
  return problems;
}

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** What the HTML body uses that it may not: other tags, attributes, unsafe links, comments. */
export function htmlProblems(html: string): string[] {
  const problems = new Set<string>();
  let rest = "";
  let last = 0;
  for (const m of html.matchAll(TAG)) {
    rest += html.slice(last, m.index);
    last = m.index + m[0].length;
    const tag = m[2]!.toLowerCase();
    if (!ALLOWED.has(tag)) {
      problems.add(`La etiqueta <${tag}> no está permitida: use solo ${ALLOWED_HTML_TAGS.join(", ")}.`);
      continue;
    }
    for (const a of (m[3] ?? "").matchAll(ATTRIBUTE)) {
      const name = a[1]!.toLowerCase();
      const value = a[2] ?? a[3] ?? a[4] ?? "";
      if (tag !== "a" || name !== "href") problems.add(`El atributo ${name} de <${tag}> no está permitido (solo href en los enlaces).`);
      else if (!safeHref(value)) problems.add(`El enlace «${value}» no está permitido: use una dirección http(s):// o mailto:.`);
    }
  }
  rest += html.slice(last);
  if (/[<>]/.test(rest)) problems.add("Hay un «<» o «>» que no forma una etiqueta permitida (escriba &lt; o &gt; si es texto).");
  return [...problems];
}

export type TemplateDraft = { subject: string; text: string; html: string };
export type TemplateProblems = Partial<Record<keyof TemplateDraft, string[]>>;

/** Every reason a draft cannot be saved, by field; empty when it can. */
export function templateProblems(key: EmailTemplateKey, draft: TemplateDraft): TemplateProblems {
  const result: TemplateProblems = {};
  const add = (field: keyof TemplateDraft, problems: string[]) => {
    if (problems.length) result[field] = [...(result[field] ?? []), ...problems];
  };
  if (/[\r\n]/.test(draft.subject)) add("subject", ["El asunto ocupa una sola línea."]);
  add("subject", placeholderProblems(key, draft.subject, false));
  add("text", placeholderProblems(key, draft.text, true));
  add("html", [...htmlProblems(draft.html), ...placeholderProblems(key, draft.html, true)]);
  return result;
}

const required = (label: string, max: number) =>
  z
    .string({ required_error: `Escriba ${label}.` })
    .trim()
    .min(1, `Escriba ${label}.`)
    .max(max, `Como mucho ${max.toLocaleString("es-ES")} caracteres.`);

export const EmailTemplateKeySchema = z.enum(EMAIL_TEMPLATES);

/** A draft as typed: the fields' lengths; templateProblems adds the rules that depend on the template. */
export const EmailTemplateDraftSchema = z.object({
  subject: required("el asunto", TEMPLATE_LIMITS.subject),
  text: required("el texto", TEMPLATE_LIMITS.text),
  html: required("el cuerpo HTML", TEMPLATE_LIMITS.html),
});

/** A draft checked against its template: what the page's conform and the API both apply. */
export function emailTemplateDraftSchema(key: EmailTemplateKey) {
  return EmailTemplateDraftSchema.superRefine((draft, ctx) => {
    for (const [field, problems] of Object.entries(templateProblems(key, draft)))
      for (const message of problems) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  });
}

export const SaveEmailTemplateBodySchema = EmailTemplateDraftSchema.extend({
  note: z.string().trim().max(TEMPLATE_LIMITS.note, `Como mucho ${TEMPLATE_LIMITS.note} caracteres.`).optional(),
});

export const PreviewEmailTemplateBodySchema = EmailTemplateDraftSchema.extend({
  policyNumber: z.string().trim().max(40).optional(),
});

export const EmailTemplateVersionSchema = z.object({
  version: z.number().int(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  who: z.string(),
  note: z.string().nullable(),
});

export const EmailTemplateSummarySchema = z.object({
  key: EmailTemplateKeySchema,
  label: z.string(),
  version: z.number().int(),
  custom: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});

export const PlaceholderSchema = z.object({ name: z.string(), description: z.string(), example: z.string(), required: z.boolean() });

export const EmailTemplateDetailSchema = EmailTemplateSummarySchema.extend({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  placeholders: z.array(PlaceholderSchema),
  history: z.array(EmailTemplateVersionSchema),
});

export const EmailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string(), policyNumber: z.string().nullable() });

export type EmailTemplateSummary = z.infer<typeof EmailTemplateSummarySchema>;
export type EmailTemplateDetail = z.infer<typeof EmailTemplateDetailSchema>;
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;
