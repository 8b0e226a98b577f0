// Control characters in what a client sends. PostgreSQL refuses U+0000 in text and in
// jsonb, so a NUL that reached a query answered 500 (after the card was charged, at checkout);
// the other C0 controls are never typed by a person. One rule for every string a client sends,
// whatever the field: the API applies it to every body, query and path parameter before the
// route's own schema (api/openapi-responses.ts), the web to every form and list query before its
// schema (app/lib/parse-form.server.ts). zod-free, so that both halves and the browser can use it.

/** The field message, in the contract's Spanish. */
export const CONTROL_CHARACTER_MESSAGE = "Contiene un carácter no permitido (un carácter de control); escríbalo de nuevo sin él.";

/**
 * The fields whose text may run over several lines (notes, reasons, descriptions, an e-mail
 * template's text and HTML, ADR 040: <textarea>s):
 * there tab, line feed and carriage return (a browser sends CRLF) are allowed. Matched on the
 * last segment of the field's path (`guarantees.0.description`).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(["body", "note", "reason", "description", "text", "html"]);

// C0 controls (U+0000–U+001F) and DEL; the multi-line set keeps tab, LF and CR. Matching them is
// the point here, hence the lint rule's exception.
/* eslint-disable no-control-regex */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/** Deeper than any body of the contract: refused rather than walked (a stack cannot overflow). */
const MAX_DEPTH = 64;
export const TOO_DEEP_MESSAGE = "La petición tiene demasiados niveles de anidación.";

export function isMultilineField(path: string): boolean {
  const last = path.slice(path.lastIndexOf(".") + 1);
  return MULTILINE_FIELDS.has(last);
}

/** Whether a value sent for the field at `path` carries a control character it may not have. */
export function hasForbiddenControl(value: string, path: string): boolean {
  return (isMultilineField(path) ? MULTILINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/**
 * The fields of a parsed body (JSON, a form's values, a query) that carry a forbidden control
 * character, as field errors keyed by path (`policyholder.name`, `extras.1`). Object keys are
 * checked too: a key reaches jsonb columns as it is. Empty when the value is clean.
 */
export function controlCharacterErrors(value: unknown, path = ""): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const visit = (node: unknown, at: string, depth: number) => {
    if (typeof node === "string") {
      if (hasForbiddenControl(node, at)) errors[at || "_"] = [CONTROL_CHARACTER_MESSAGE];
      return;
    }
    if (node === null || typeof node !== "object") return;
    if (depth > MAX_DEPTH) {
      errors[at || "_"] = [TOO_DEEP_MESSAGE];
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, at ? `${at}.${index}` : String(index), depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const keyPath = at ? `${at}.${key}` : key;
      if (SINGLE_LINE_FORBIDDEN.test(key)) errors[at || "_"] = [CONTROL_CHARACTER_MESSAGE];
      else visit(item, keyPath, depth + 1);
    }
  };
  visit(value, path, 0);
  return errors;
}

/** An empty form field is no value: a filter left blank is not applied. */
export const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
