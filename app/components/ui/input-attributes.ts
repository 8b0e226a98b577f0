/**
 * The constraint attributes an <input> of each type takes (HTML's table of which content
 * attributes apply to which input type, https://html.spec.whatwg.org/#input-type-attr-summary).
 *
 * conform's getInputProps copies every constraint of the field's zod schema onto the input,
 * whatever its type: a money or a kilometres field, a text input with inputmode="decimal" or
 * "numeric" (never type="number": it rounds, spins on scroll and reads badly aloud), got the
 * schema's `min` and `max`; a radio button of an enum got its `pattern`. A browser ignores them
 * there, and the page is not valid HTML (the Nu HTML Checker). The server checks every
 * bound anyway (the form's schema in the action), and the forms are `novalidate`: nothing is lost.
 */
const TEXT_LIKE = ["text", "search", "url", "tel", "email", "password"] as const;
const DATE_AND_NUMBER = ["date", "month", "week", "time", "datetime-local", "number", "range"] as const;

export const INPUT_ATTRIBUTE_TYPES: Record<string, readonly string[]> = {
  minLength: TEXT_LIKE,
  maxLength: TEXT_LIKE,
  pattern: TEXT_LIKE,
  min: DATE_AND_NUMBER,
  max: DATE_AND_NUMBER,
  step: DATE_AND_NUMBER,
  multiple: ["email", "file"],
  accept: ["file"],
  required: [...TEXT_LIKE, ...DATE_AND_NUMBER.filter((type) => type !== "range"), "checkbox", "radio", "file"],
};

/** The input's attributes without the constraints its type does not take (type missing: "text", as the browser reads it). */
export function validInputAttributes<Props extends object>(props: Props & { type?: string }): Props {
  const type = props.type ?? "text";
  const valid: Record<string, unknown> = { ...props };
  for (const [attribute, types] of Object.entries(INPUT_ATTRIBUTE_TYPES)) {
    if (!types.includes(type)) delete valid[attribute];
  }
  return valid as Props;
}
