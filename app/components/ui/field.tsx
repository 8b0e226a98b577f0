import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useSay, useVoice } from "~/components/voice";
import { inVoice } from "~/lib/voice";
import { validInputAttributes } from "./input-attributes";

/**
 * Form fields in the GOV.UK Design System's habits: a visible label above the control, an
 * optional hint under it, the error messages above the control in the field's own words, a red
 * bar beside a field in error, and `aria-describedby` pointing at the error and the hint (conform
 * gives the ids). Inputs are sized to their content with `width`.
 */

type Width = "full" | "lg" | "md" | "sm" | "xs";
const WIDTHS: Record<Width, string> = {
  full: "w-full",
  lg: "w-full sm:max-w-xl",
  md: "w-full sm:max-w-md",
  sm: "w-full sm:max-w-xs",
  xs: "w-full max-w-[10rem]",
};

const controlBase =
  "mt-2 block min-h-[44px] rounded-md border-2 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline focus:outline-2 focus:outline-offset-0 focus:outline-brand-700";
const controlClass = (invalid: boolean, width: Width) => `${controlBase} ${WIDTHS[width]} ${invalid ? "border-red-700" : "border-slate-600"}`;

/** A field's error messages (each read as "Error: …" by screen readers), or nothing when there are none. */
export function FieldErrors({ id, errors, className = "mt-1 space-y-1" }: { id: string; errors: readonly string[] | undefined; className?: string }) {
  const voice = useVoice();
  if (!errors || errors.length === 0) return null;
  return (
    <div id={id} className={className}>
      {errors.map((message) => (
        <p key={message} className="font-semibold text-red-700">
          <span className="sr-only">Error: </span>
          {inVoice(message, voice)}
        </p>
      ))}
    </div>
  );
}

function FieldShell({ invalid, children, className }: { invalid: boolean; children: ReactNode; className?: string }) {
  return <div className={`${className ?? "mt-6"} ${invalid ? "border-l-4 border-red-700 pl-3" : ""}`.trim()}>{children}</div>;
}

// No "date": the browser's date field orders day and month by the browser's language; dates are DateField.
type InputType = "text" | "email" | "password" | "search" | "tel" | "url" | "number" | "file";

/** Label, hint and errors above a control, in the GOV.UK order, with the ids the control refers to. */
function FieldLabel<Schema>({ meta, label, hint }: { meta: FieldMetadata<Schema>; label: ReactNode; hint?: ReactNode }) {
  return (
    <>
      <label htmlFor={meta.id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={meta.descriptionId} className="mt-1 text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </>
  );
}

export type FieldProps<Schema> = {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  type?: InputType;
  width?: Width;
  className?: string;
  /** Extra attributes for the input: autoComplete, inputMode, spellCheck… */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "form" | "defaultValue">;
};

/** A labelled text-like input wired to a conform field. */
export function Field<Schema>({ meta, label, hint, type = "text", width = "md", className, inputProps }: FieldProps<Schema>) {
  const invalid = Boolean(meta.errors?.length);
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <FieldShell invalid={invalid} className={className}>
      <FieldLabel meta={meta} label={label} hint={hint} />
      <input key={key} {...validInputAttributes({ ...props, ...inputProps })} className={controlClass(invalid, width)} />
    </FieldShell>
  );
}

export type DateFieldProps<Schema> = Omit<FieldProps<Schema>, "type" | "hint"> & {
  /** What the date is, before the format ("Figura en el apartado 10 del carné."). */
  hint?: ReactNode;
  /** A date written as the example of the hint (dd/mm/aaaa). */
  example: string;
};

/**
 * A date typed by hand, dd/mm/aaaa (ADR 020): a text input with the format in the hint, the same
 * in every browser (the browser's own date field orders day and month by the browser's language)
 * and in a text browser. The form's schema reads it with parseTypedDate (d/m/aaaa and aaaa-mm-dd
 * too). What was typed is shown back as typed; a stored date comes in as dd/mm/aaaa
 * (formatTypedDate in the page's default values).
 */
export function DateField<Schema>({ meta, label, hint, example, width = "xs", className, inputProps }: DateFieldProps<Schema>) {
  const invalid = Boolean(meta.errors?.length);
  const { key, ...props } = getInputProps(meta, { type: "text", ariaDescribedBy: meta.descriptionId });
  const say = useSay();
  const fullHint = (
    <>
      {hint}
      {/* The space in the same text node as the words. */}
      {`${hint ? " " : ""}${say("Escriba", "Escribe")} día, mes y año: dd/mm/aaaa. Por ejemplo, `}
      {example}
    </>
  );
  return (
    <FieldShell invalid={invalid} className={className}>
      <FieldLabel meta={meta} label={label} hint={fullHint} />
      <input
        key={key}
        {...validInputAttributes({ ...props, inputMode: "numeric", autoComplete: "off", spellCheck: false, maxLength: 20, ...inputProps })}
        className={controlClass(invalid, width)}
      />
    </FieldShell>
  );
}

export type SelectFieldProps<Schema> = {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  options: { value: string; label: string }[];
  /** Options in labelled groups (<optgroup>), after `options`. */
  groups?: { label: string; options: { value: string; label: string }[] }[];
  /** A first, empty option ("Elige un rol") when nothing is chosen yet. */
  placeholder?: string;
  width?: Width;
  className?: string;
  selectProps?: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form" | "defaultValue">;
};

/** A labelled <select> wired to a conform field. */
export function SelectField<Schema>({
  meta,
  label,
  hint,
  options,
  groups = [],
  placeholder,
  width = "md",
  className,
  selectProps,
}: SelectFieldProps<Schema>) {
  const invalid = Boolean(meta.errors?.length);
  const { key, required, ...props } = getSelectProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined });
  // HTML lets a select be `required` only when its first option is an empty placeholder (the
  // state a person must leave). Without one (an edit form: a value is always chosen) the
  // attribute would check nothing and is not valid; screen readers still hear "required".
  const requiredProps = required ? (placeholder !== undefined ? { required } : { "aria-required": true }) : {};
  return (
    <FieldShell invalid={invalid} className={className}>
      <FieldLabel meta={meta} label={label} hint={hint} />
      <select key={key} {...props} {...requiredProps} {...selectProps} className={controlClass(invalid, width)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </FieldShell>
  );
}

export type TextareaFieldProps<Schema> = {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  rows?: number;
  width?: Width;
  className?: string;
  textareaProps?: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "form" | "defaultValue">;
};

/** A labelled <textarea> wired to a conform field. */
export function TextareaField<Schema>({ meta, label, hint, rows = 4, width = "lg", className, textareaProps }: TextareaFieldProps<Schema>) {
  const invalid = Boolean(meta.errors?.length);
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <FieldShell invalid={invalid} className={className}>
      <FieldLabel meta={meta} label={label} hint={hint} />
      <textarea key={key} rows={rows} {...props} {...textareaProps} className={controlClass(invalid, width)} />
    </FieldShell>
  );
}

export type CheckboxFieldProps<Schema> = {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  /** The submitted value when checked (default "on"). */
  value?: string;
  className?: string;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "form" | "value" | "defaultChecked">;
};

/** A single checkbox with its label beside it (large hit area), hint and errors. */
export function CheckboxField<Schema>({ meta, label, hint, value, className, inputProps }: CheckboxFieldProps<Schema>) {
  const invalid = Boolean(meta.errors?.length);
  const { key, ...props } = getInputProps(meta, {
    type: "checkbox",
    value: value ?? "on",
    ariaDescribedBy: hint ? meta.descriptionId : undefined,
  });
  return (
    <FieldShell invalid={invalid} className={className}>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...validInputAttributes({ ...props, ...inputProps })}
          className="mt-1 h-6 w-6 shrink-0 rounded border-2 border-slate-600 accent-brand-700"
        />
        <div>
          <label htmlFor={meta.id} className="inline-block min-h-[32px] font-medium text-slate-900">
            {label}
          </label>
          {hint ? (
            <p id={meta.descriptionId} className="text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </FieldShell>
  );
}
