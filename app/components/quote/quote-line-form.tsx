import { getFormProps, useForm, type DefaultValue, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Line as QuoteLine } from "../../../api/contract/vocabulary";
import { BotTrapInputs } from "~/components/ui/bot-trap";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SubmitButton } from "~/components/ui/submit-button";
import { notCheckedHere, useValidateChanged, useValidatorOnFirstUse, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { LINE_FIELD } from "~/lib/quote-form";
import type { QuoteFormConstraint } from "~/lib/quote-form.server";
import {
  AlquilerFields,
  alquilerFieldOrder,
  AutoFields,
  autoFieldOrder,
  HogarFields,
  hogarFieldOrder,
  type FormInput,
} from "~/routes/__cotizar.fields";

/**
 * The rating questions of one line as a form: the public /cotizar and staff selling by phone
 * (/admin/policies/new) ask the same, checked by the same QUOTE_FORM_SCHEMAS on both halves: the
 * action with ~/lib/quote-form.server, the browser with ./quote-validation, loaded on the form's
 * first use so that zod is not part of the page's first load (ADR 008).
 */
export type LineFormProps = {
  defaultValue: Record<string, string>;
  /** The line's HTML constraints, from the loader (QUOTE_FORM_CONSTRAINTS). */
  constraint: QuoteFormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  /** A field was changed by the person. */
  onEdit?: () => void;
  /** The public form carries the bot trap; the back office does not need it. */
  honeypot?: boolean;
  /** Hidden fields of the page (an intent, the chosen client…). */
  hidden?: ReactNode;
  /** Under the questions, before the button. */
  footer?: ReactNode;
  submitLabel?: string;
};

export function QuoteLineForm({ line, ...props }: LineFormProps & { line: QuoteLine }) {
  return line === "auto" ? <AutoForm {...props} /> : line === "hogar" ? <HogarForm {...props} /> : <AlquilerForm {...props} />;
}

const loadValidator = () => import("./quote-validation");

/** conform with the line's constraints; its validator arrives on first use, and until then the server checks. */
function useQuoteForm<L extends QuoteLine>(line: L, { defaultValue, lastResult, constraint }: LineFormProps) {
  const id = `cotizar-${line}`;
  const validator = useValidatorOnFirstUse(id, loadValidator);
  return useForm<FormInput<L>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<FormInput<L>>,
    constraint,
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => validator.current?.validateQuote(line, formData) ?? notCheckedHere(formData),
  });
}

function AutoForm(props: LineFormProps) {
  const [form, fields] = useQuoteForm("auto", props);
  return (
    <QuoteForm line="auto" form={form} summaryFields={autoFieldOrder(fields)} {...props}>
      <AutoFields fields={fields} />
    </QuoteForm>
  );
}

function HogarForm(props: LineFormProps) {
  const [form, fields] = useQuoteForm("hogar", props);
  return (
    <QuoteForm line="hogar" form={form} summaryFields={hogarFieldOrder(fields)} {...props}>
      <HogarFields fields={fields} />
    </QuoteForm>
  );
}

function AlquilerForm(props: LineFormProps) {
  const [form, fields] = useQuoteForm("alquiler", props);
  return (
    <QuoteForm line="alquiler" form={form} summaryFields={alquilerFieldOrder(fields)} {...props}>
      <AlquilerFields fields={fields} />
    </QuoteForm>
  );
}

function QuoteForm<Schema extends Record<string, unknown>>({
  line,
  form,
  summaryFields,
  onEdit,
  honeypot = true,
  hidden,
  footer,
  submitLabel = "Calcular precio",
  children,
}: Omit<LineFormProps, "defaultValue" | "lastResult" | "constraint"> & {
  line: QuoteLine;
  form: FormMetadata<Schema, string[]>;
  summaryFields: FieldMetadata<unknown, Schema, string[]>[];
  children: ReactNode;
}) {
  useValidateChanged(form);
  // Typing, ticking, choosing a date: any change by the person raises the unsaved-changes flag.
  const edited = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) {
      if (target.type !== "hidden") onEdit?.();
    }
  };
  return (
    <>
      <ErrorSummary form={form} fields={summaryFields} />
      <Form method="post" {...getFormProps(form)} noValidate onInput={edited} onChange={edited} className="mt-2">
        <AuthenticityTokenInput />
        {honeypot ? <BotTrapInputs /> : null}
        <input type="hidden" name={LINE_FIELD} value={line} />
        {hidden}
        {children}
        {footer}
        <div className="mt-6">
          <SubmitButton pendingText="Calculando…">{submitLabel}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
