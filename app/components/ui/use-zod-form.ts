import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

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
 * HTML constraints on the controls, validation when a field is left and again on each keystroke
 * once it has been checked, and the action's answer (`lastResult`) for the errors of a refused POST.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const { id, schema, lastResult, defaultValue } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: constraintOf(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
