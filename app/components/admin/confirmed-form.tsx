import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { ConfirmDialog, DANGER_TRIGGER_CLASS, useConfirmDialog, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { CONFIRMED_FIELD } from "~/lib/form-intent";

/**
 * A staff action with fields (a reason, a date…) that asks before it is sent, the
 * ~/components/ui/confirm-dialog pattern for forms:
 *
 * - With JavaScript, the trigger validates the fields in the browser and, when they are right,
 *   opens a modal dialog inside the same form; its button submits the form with `confirmed=yes`.
 * - Without JavaScript, the trigger posts the fields unconfirmed; the action validates them and
 *   answers `{ confirm: values }` (~/lib/staff-action.server.ts), and the page renders
 *   <ConfirmStep fields={values}>, which posts them again with the confirmation.
 *
 * An action without fields uses it too (an empty schema), so that its refusals (409) show in the
 * same place: the error summary above its button. `hidden` are the values that say what the form acts on (the intent, a recibo's id):
 * they go with the form and tell this form's submission from the others on the page.
 */
export type ConfirmedFormProps<Schema extends z.AnyZodObject> = {
  id: string;
  schema: Schema;
  /** At least the intent (INTENT_FIELD), and TARGET_FIELD for a row. */
  hidden: Record<string, string>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string>;
  /** The button that starts it; a row's button names its row for screen readers. */
  triggerLabel: ReactNode;
  triggerVariant?: "primary" | "secondary" | "danger";
  copy: ConfirmCopy;
  /** The fields, in page order; `fields` is conform's metadata of the schema's keys. */
  children?: (fields: Record<keyof z.input<Schema> & string, FieldMetadata<string>>) => ReactNode;
  className?: string;
};

const TRIGGER_CLASS = { primary: "btn-primary", secondary: "btn-secondary", danger: DANGER_TRIGGER_CLASS } as const;

export function ConfirmedForm<Schema extends z.AnyZodObject>({
  id,
  schema,
  hidden,
  lastResult,
  defaultValue,
  triggerLabel,
  triggerVariant = "secondary",
  copy,
  children,
  className,
}: ConfirmedFormProps<Schema>) {
  const isOwn = (formData: FormData) => Object.entries(hidden).every(([name, value]) => formData.get(name) === value);
  const dialog = useConfirmDialog(isOwn);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData ? isOwn(navigation.formData) : false;
  const [form, fields] = useZodForm({ id, schema, lastResult, defaultValue: defaultValue as never });
  const formProps = getFormProps(form);
  const fieldList = Object.keys(schema.shape).map((name) => (fields as Record<string, FieldMetadata<string>>)[name]!);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") === CONFIRMED_FIELD) return;
    // JavaScript on and the fields are right: ask in the dialog instead of the confirmation step.
    event.preventDefault();
    dialog.setOpen(true);
  };

  return (
    <Form method="post" {...formProps} onSubmit={onSubmit} className={className}>
      <AuthenticityTokenInput />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ErrorSummary form={form} fields={fieldList} />
      {children?.(fields as never)}
      <button ref={dialog.triggerRef} type="submit" className={`${TRIGGER_CLASS[triggerVariant]} ${fieldList.length ? "mt-4" : ""}`.trim()}>
        {triggerLabel}
      </button>
      <ConfirmDialog state={dialog} copy={copy}>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <SubmitButton name={CONFIRMED_FIELD} value="yes" variant={copy.variant ?? "danger"} pending={pending} pendingText={copy.pendingText}>
            {copy.confirmLabel}
          </SubmitButton>
          <button ref={dialog.cancelRef} type="button" className="btn-secondary" onClick={() => dialog.setOpen(false)}>
            Cancelar
          </button>
        </div>
      </ConfirmDialog>
    </Form>
  );
}
