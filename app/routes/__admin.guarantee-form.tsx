import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { GuaranteeCreateFormSchema, GuaranteeEditFormSchema, planChoiceValue } from "../../api/contract/guarantees";
import { LINE_LABELS, LINES, type Line } from "../../api/contract/vocabulary";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, Field, FieldErrors, SelectField, TextareaField } from "~/components/ui/field";
import { GuaranteePriceFields } from "~/components/admin/guarantee-price";
import { FormFooter } from "~/components/admin/form-footer";
import { useZodForm } from "~/components/ui/use-zod-form";

/**
 * The guarantee form shared by /admin/guarantees/new and /admin/guarantees/{id}/edit: what the
 * customer reads (name, description, hint), where it is offered (per plan of its line: included,
 * optional or neither), limit, deductible and carencia (waiting days); on creation also line, code, first price and state.
 * Line and code never change afterwards (quotes and policies name the guarantee by them); the price
 * changes by version, on the detail page (ADR 016). Plans post "línea/código", so the form works
 * without JavaScript for any line: the schema refuses plans of another line. With JavaScript, once
 * a line is chosen only its plans are in the form (as the car model list follows the brand).
 */

export const CREATE_FIELDS = [
  "line",
  "code",
  "name",
  "description",
  "hint",
  "includedIn",
  "optionalIn",
  "priceType",
  "price",
  "limit",
  "limitText",
  "deductible",
  "waitingDays",
  "active",
] as const;
export const EDIT_FIELDS = ["name", "description", "hint", "includedIn", "optionalIn", "limit", "limitText", "deductible", "waitingDays"] as const;

type PlanRef = { code: string; name: string };
export type LinePlans = { line: Line; plans: PlanRef[] };

export type GuaranteeFormDefaults = {
  line: Line;
  code: string;
  name: string;
  description: string;
  hint: string;
  includedIn: string[];
  optionalIn: string[];
  limit: string;
  limitText: string;
  deductible: string;
  waitingDays: string;
};

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];

export function GuaranteeForm({
  mode,
  linePlans,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "new" | "edit";
  /** The plans to choose from: every line's (new), or the guarantee's line (edit). */
  linePlans: LinePlans[];
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: GuaranteeFormDefaults;
  cancelTo: string;
}) {
  const creating = mode === "new";
  const [form, fields] = useZodForm({
    id: creating ? "nueva-garantia" : "editar-garantia",
    // The edit schema's fields are a subset of the creation's: one set of field metadata serves both.
    schema: (creating ? GuaranteeCreateFormSchema : GuaranteeEditFormSchema) as typeof GuaranteeCreateFormSchema,
    lastResult,
    defaultValue: creating
      ? ({ priceType: "fixed", deductible: "0", waitingDays: "0", active: "on" } as never)
      : ({
          line: defaultValue?.line,
          name: defaultValue?.name,
          description: defaultValue?.description,
          hint: defaultValue?.hint,
          limit: defaultValue?.limit,
          limitText: defaultValue?.limitText,
          deductible: defaultValue?.deductible,
          waitingDays: defaultValue?.waitingDays,
        } as never),
  });
  // After a refused submit, what was sent; otherwise the guarantee's own plans.
  const sent = lastResult?.initialValue;
  const included = new Set(
    sent ? asList(sent.includedIn) : (defaultValue?.includedIn ?? []).map((code) => planChoiceValue(defaultValue!.line, code)),
  );
  const optional = new Set(
    sent ? asList(sent.optionalIn) : (defaultValue?.optionalIn ?? []).map((code) => planChoiceValue(defaultValue!.line, code)),
  );
  const planErrors = [...(fields.includedIn.errors ?? []), ...(fields.optionalIn.errors ?? [])];
  const summaryFields = (creating ? CREATE_FIELDS : EDIT_FIELDS).map((name) => fields[name as keyof typeof fields]);
  const hydrated = useHydrated();
  const chosenLine = hydrated ? linePlans.find((l) => l.line === fields.line.value)?.line : undefined;
  // Out of the form, not hidden: a hidden box would still be sent (and refused as of another line).
  const shownPlans = chosenLine ? linePlans.filter((l) => l.line === chosenLine) : linePlans;

  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={summaryFields} />
      {creating ? (
        <>
          <SelectField
            label="Ramo"
            hint="No se puede cambiar después."
            meta={fields.line}
            width="sm"
            placeholder="Elige un ramo"
            options={LINES.map((value) => ({ value, label: LINE_LABELS[value] }))}
          />
          <Field
            label="Código"
            hint="Único dentro del ramo, en minúsculas, cifras y guiones bajos; por ejemplo, auto_vehiculo_electrico. No se puede cambiar después."
            meta={fields.code}
            width="md"
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "none" }}
          />
        </>
      ) : (
        <input type="hidden" name={fields.line.name} value={defaultValue?.line ?? ""} />
      )}
      <Field
        label="Nombre"
        hint="Como lo lee el cliente en la cotización y en la póliza."
        meta={fields.name}
        width="lg"
        inputProps={{ autoComplete: "off" }}
      />
      <TextareaField label="Descripción para el cliente" hint="Qué cubre, en una o dos frases sencillas." meta={fields.description} rows={3} />
      <Field
        label="Ayuda (opcional)"
        hint="Una línea que explica la jerga junto al nombre; por ejemplo, «La franquicia es la parte de cada siniestro que paga usted»."
        meta={fields.hint}
        width="lg"
        inputProps={{ autoComplete: "off" }}
      />

      <fieldset
        id={fields.includedIn.id}
        tabIndex={-1}
        className={`mt-8 min-w-0 ${planErrors.length ? "border-l-4 border-red-700 pl-3" : ""}`}
        aria-describedby={`${fields.includedIn.descriptionId}${planErrors.length ? ` ${fields.includedIn.errorId}` : ""}`}
      >
        <legend className="text-lg font-bold">Planes</legend>
        <p id={fields.includedIn.descriptionId} className="mt-1 text-slate-600">
          «Incluida»: va en el precio del plan. «Opcional»: el cliente puede añadirla a su precio. Un plan no puede tenerla de las dos formas.
          {creating && !chosenLine ? " Marca solo planes del ramo elegido." : null}
        </p>
        <FieldErrors id={fields.includedIn.errorId} errors={planErrors} className="mt-2" />
        <span id={fields.optionalIn.id} />
        <div className="mt-4 space-y-4">
          {shownPlans.map(({ line, plans }) => (
            <table key={line} className="w-full max-w-xl border-collapse text-left">
              <caption className="text-left font-semibold">{LINE_LABELS[line]}</caption>
              <thead>
                <tr className="border-b border-slate-300 text-sm text-slate-700">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Plan
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Incluida
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Opcional
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.map((plan) => {
                  const value = planChoiceValue(line, plan.code);
                  const id = `${form.id}-plan-${line}-${plan.code}`;
                  return (
                    <tr key={plan.code} className="border-b border-slate-200">
                      <th scope="row" id={id} className="py-2 pr-4 font-normal">
                        {plan.name}
                      </th>
                      <PlanCheckbox
                        name={fields.includedIn.name}
                        value={value}
                        checked={included.has(value)}
                        label={`${plan.name} (${LINE_LABELS[line]}): incluida`}
                      />
                      <PlanCheckbox
                        name={fields.optionalIn.name}
                        value={value}
                        checked={optional.has(value)}
                        label={`${plan.name} (${LINE_LABELS[line]}): opcional`}
                      />
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ))}
        </div>
      </fieldset>

      {creating ? (
        <>
          <GuaranteePriceFields
            fields={fields}
            legend="Precio como opcional"
            hint=" Los cambios de precio se programan después, con su fecha de efecto."
          />
        </>
      ) : null}

      <Field
        label="Límite (importe, opcional)"
        hint="La suma máxima que se paga por siniestro, en euros; por ejemplo, 3.000."
        meta={fields.limit}
        width="xs"
        inputProps={{ autoComplete: "off", inputMode: "decimal" }}
      />
      <Field
        label="Límite (texto, opcional)"
        hint="Cómo lo lee el cliente si no es un importe; por ejemplo, «Hasta 300 km de remolque»."
        meta={fields.limitText}
        width="lg"
        inputProps={{ autoComplete: "off" }}
      />
      <Field
        label="Franquicia"
        hint="La parte de cada siniestro que paga el cliente, en euros; 0 si no tiene."
        meta={fields.deductible}
        width="xs"
        inputProps={{ autoComplete: "off", inputMode: "decimal" }}
      />
      <Field
        label="Carencia (días)"
        hint="Días desde que la garantía empieza en una póliza en los que un siniestro no está cubierto; de 0 a 365, 0 si no tiene."
        meta={fields.waitingDays}
        width="xs"
        inputProps={{ autoComplete: "off", inputMode: "numeric" }}
      />
      {creating ? <CheckboxField label="Activa: se ofrece en las cotizaciones nuevas" meta={fields.active} /> : null}

      <FormFooter cancelTo={cancelTo} pendingText={creating ? "Creando…" : "Guardando…"}>
        {creating ? "Crear garantía" : "Guardar cambios"}
      </FormFooter>
    </Form>
  );
}

/** One cell of the plans table: whether the plan includes (or offers) the guarantee. */
function PlanCheckbox({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <td className="px-2 py-2">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} aria-label={label} className="h-6 w-6 accent-brand-700" />
    </td>
  );
}
