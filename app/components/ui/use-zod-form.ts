import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect } from "react";
import type { z } from "zod";

/**
 * When the page checks a field (GOV.UK habits): never because an untouched field was tabbed
 * past; a field the person changed is checked when they leave it (useValidateChanged), every field
 * on submit, and from then on each checked field again on every keystroke. Every form's useForm
 * takes these options and calls useValidateChanged.
 */
export const VALIDATION_TIMING = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * Leaving a field the person has not changed checks nothing: conform's blur check (a "focusout"
 * listener on the document) does not hear about fields of this form that had no input yet.
 */
export function useValidateChanged(form: { id: string }) {
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const changed = new Set<string>();
    const onInput = (event: Event) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name) changed.add(name);
    };
    const onFocusOut = (event: FocusEvent) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name && !changed.has(name)) event.stopPropagation();
    };
    element.addEventListener("input", onInput);
    element.addEventListener("change", onInput);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("input", onInput);
      element.removeEventListener("change", onInput);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, [form.id]);
}

type Constraint = ReturnType<typeof getZodConstraint>;
// A schema's HTML constraints (required, min, max, pattern…) never change: derived once, not per render.
const constraints = new WeakMap<z.ZodTypeAny, Constraint>();

function constraintOf(schema: z.ZodTypeAny): Constraint {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

/**
 * The project's form pattern: conform driven by the same zod schema as the action, the schema's
 * HTML constraints on the controls, validation when a changed field is left and again on each
 * keystroke once it has been checked (VALIDATION_TIMING), and the action's answer (`lastResult`) for the errors of a refused POST.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const { id, schema, lastResult, defaultValue } = options;
  const result = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: constraintOf(schema),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useValidateChanged(result[0]);
  return result;
}
