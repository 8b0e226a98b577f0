import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useEffect, useRef } from "react";
import type { z } from "zod";

/**
 * When the page checks a field (GOV.UK habits): never because an untouched field was tabbed
 * past; a field the person changed is checked when they leave it (useValidateChanged), every field
 * on submit, and from then on each checked field again on every keystroke. Every form's useForm
 * takes these options.
 */
export const VALIDATION_TIMING = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

type Validating = { id: string; validate: (options: { name: string }) => void };

/**
 * Checks a field when the person leaves it after changing it: the "change" event of a text box
 * fires exactly then (and at once for a radio, a checkbox or a select). With VALIDATION_TIMING.
 */
export function useValidateChanged(form: Validating) {
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    const onChange = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
      if (!target.name || target.type === "hidden" || target.form?.id !== latest.current.id) return;
      latest.current.validate({ name: target.name });
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, []);
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
