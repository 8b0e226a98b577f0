import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { useValidateChanged, VALIDATION_TIMING } from "~/components/ui/form-checks";

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
