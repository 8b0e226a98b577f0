import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/ui/field";
import { validInputAttributes } from "~/components/ui/input-attributes";

const LEGEND_CLASS = { lg: "text-2xl font-bold", md: "text-lg font-semibold" } as const;

/**
 * A conform field as a group of radio buttons under a legend, its errors above them (GOV.UK).
 * `size`: "lg" when the question is the page's, "md" for one question among others in a section.
 */
export function RadioGroup({
  meta,
  legend,
  options,
  size = "lg",
}: {
  meta: FieldMetadata<string>;
  legend: string;
  options: { value: string; label: string }[];
  size?: keyof typeof LEGEND_CLASS;
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset
      className={`${size === "lg" ? "mt-8" : "mt-6"} ${invalid ? "border-l-4 border-red-700 pl-3" : ""}`}
      aria-describedby={invalid ? meta.errorId : undefined}
    >
      <legend className={`${LEGEND_CLASS[size]} text-slate-900`}>{legend}</legend>
      <FieldErrors id={meta.errorId} errors={meta.errors} className="mt-1" />
      <div id={meta.id} className="mt-3 space-y-2">
        {options.map((option) => {
          const { key, ...props } = getInputProps(meta, { type: "radio", value: option.value });
          const id = `${meta.id}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input key={key} {...validInputAttributes(props)} id={id} className="mt-1 h-6 w-6 shrink-0 accent-brand-700" />
              <label htmlFor={id} className="min-h-[32px] font-medium text-slate-900">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
