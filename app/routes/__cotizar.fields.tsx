import { getCollectionProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { useHydrated } from "remix-utils/use-hydrated";
import type { QUOTE_FORM_SCHEMAS, QuoteLine } from "../../api/contract/quotes";
// The page's questions without zod (ADR 008: zod is loaded with the validator, on first use).
import { AMOUNT_BOUNDS, NUMBER_BOUNDS, TENANT_CONTRACT_LABELS, TENANT_CONTRACTS, VEHICLE_BRANDS } from "../../api/contract/quote-questions";
import { CheckboxField, DateField, Field, FieldErrors, SelectField } from "~/components/ui/field";
import { useSay } from "~/components/voice";

/**
 * The fields of the /cotizar form, one component per line, with the Spanish labels and hints of
 * GOV.UK habits: what to type and an example ("Por ejemplo, 28001"). Amounts are typed in euros
 * (inputmode decimal; "15.000" and "850,50" are fine); dates are typed as dd/mm/aaaa (DateField).
 * They speak "usted"; in the phone sale (VoiceProvider "tu") what they ask of the reader says "tú".
 */

export type FormInput<L extends QuoteLine> = z.input<(typeof QUOTE_FORM_SCHEMAS)[L]>;
export type LineFields<L extends QuoteLine> = ReturnType<FormMetadata<FormInput<L>, string[]>["getFieldset"]>;

/** Whole euros of a bound: 20000000 → "200.000". */
const euros = (cents: number) => String(Math.round(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

const numeric = { inputMode: "numeric", autoComplete: "off", spellCheck: false } as const;
const money = { inputMode: "decimal", autoComplete: "off", spellCheck: false } as const;
const postalCode = { inputMode: "numeric", autoComplete: "postal-code", maxLength: 5, spellCheck: false } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mt-10">
      <legend className="text-xl font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

type RadioOption = { value: string; label: string; hint?: string };

/**
 * A group of radios (GOV.UK: better than a select for a few options): a fieldset whose legend
 * is the question, then hint, errors and the options. The first radio carries the field's id,
 * so the error summary's link lands on it.
 */
export function RadioField<Schema>({
  meta,
  legend,
  hint,
  options,
  inline = false,
}: {
  meta: FieldMetadata<Schema>;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly RadioOption[];
  inline?: boolean;
}) {
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? meta.descriptionId : null, invalid ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  const radios = getCollectionProps(meta, { type: "radio", options: options.map((option) => option.value), ariaAttributes: false });
  return (
    <fieldset aria-describedby={describedBy} className={`mt-6 ${invalid ? "border-l-4 border-red-700 pl-3" : ""}`.trim()}>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {hint ? (
        <p id={meta.descriptionId} className="mt-1 text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      <div className={`mt-2 ${inline ? "flex flex-wrap gap-x-6 gap-y-2" : "space-y-2"}`}>
        {radios.map(({ key, ...props }, index) => {
          const option = options[index];
          const id = index === 0 ? meta.id : props.id;
          const optionHintId = option.hint ? `${id}-pista` : undefined;
          return (
            <div key={key} className="flex items-start gap-3">
              <input
                {...props}
                id={id}
                aria-invalid={invalid || undefined}
                aria-describedby={optionHintId}
                className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
              />
              <div>
                <label htmlFor={id} className="inline-block min-h-[32px] font-medium text-slate-900">
                  {option.label}
                </label>
                {option.hint ? (
                  <p id={optionHintId} className="text-slate-600">
                    {option.hint}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

// ─── Coche ───────────────────────────────────────────────────────────────────────────

/** The auto fields in page order (the error summary lists them in this order). */
export function autoFieldOrder(fields: LineFields<"auto">) {
  return [
    fields.vehicleBrand,
    fields.vehicleModel,
    fields.vehicleYear,
    fields.vehicleValue,
    fields.use,
    fields.annualKm,
    fields.driverBirthDate,
    fields.licenseDate,
    fields.claimFreeYears,
    fields.postalCode,
  ];
}

export function AutoFields({ fields }: { fields: LineFields<"auto"> }) {
  const { min, max } = AMOUNT_BOUNDS.vehicleValue;
  const say = useSay();
  return (
    <>
      <Section title="El coche">
        <VehicleFields fields={fields} />
        <Field meta={fields.vehicleYear} label="Año de matriculación" hint="Por ejemplo, 2019" width="xs" inputProps={{ ...numeric, maxLength: 4 }} />
        <Field
          meta={fields.vehicleValue}
          label="Valor del coche, en euros"
          hint={`Lo que costaría hoy un coche igual, entre ${euros(min)} y ${euros(max)} €. Por ejemplo, 15.000`}
          width="xs"
          inputProps={money}
        />
        <RadioField
          meta={fields.use}
          legend="Uso del coche"
          options={[
            { value: "particular", label: "Particular", hint: "Desplazamientos personales y al trabajo." },
            { value: "profesional", label: "Profesional", hint: "Lo usa para trabajar: visitas, reparto, transporte." },
          ]}
        />
        <Field
          meta={fields.annualKm}
          label="Kilómetros que recorre al año"
          hint="Una estimación. Por ejemplo, 12.000"
          width="xs"
          inputProps={numeric}
        />
      </Section>
      <Section title="El conductor principal">
        <DateField meta={fields.driverBirthDate} label="Fecha de nacimiento" example="15/04/1985" inputProps={{ autoComplete: "bday" }} />
        <DateField
          meta={fields.licenseDate}
          label="Fecha de expedición del carné de conducir"
          hint="Figura en el apartado 10 del carné."
          example="20/06/2005"
        />
        <Field
          meta={fields.claimFreeYears}
          label="Años sin siniestros con culpa"
          hint={`Los años seguidos asegurado sin dar partes en los que tuviera la culpa. Si es su primer seguro, ${say("escriba", "escribe")} 0.`}
          width="xs"
          inputProps={{ ...numeric, maxLength: 2 }}
        />
        <Field
          meta={fields.postalCode}
          label="Código postal de su domicilio"
          hint="Donde duerme el coche habitualmente. Por ejemplo, 28001"
          width="xs"
          inputProps={postalCode}
        />
      </Section>
    </>
  );
}

const BRAND_OPTIONS = VEHICLE_BRANDS.map(({ brand }) => ({ value: brand, label: brand }));
const MODEL_GROUPS = VEHICLE_BRANDS.map(({ brand, models }) => ({
  label: brand,
  options: models.map((model) => ({ value: model, label: `${brand} ${model}` })),
}));

/**
 * Brand, then model, from the list the API accepts. Without JavaScript the model list holds every
 * brand's models in groups (one POST; the schema checks that the model is of the brand); with it,
 * only the chosen brand's.
 */
function VehicleFields({ fields }: { fields: LineFields<"auto"> }) {
  const hydrated = useHydrated();
  const say = useSay();
  const brand = fields.vehicleBrand.value;
  const groups = hydrated && brand ? MODEL_GROUPS.filter((group) => group.label === brand) : MODEL_GROUPS;
  return (
    <>
      <SelectField
        meta={fields.vehicleBrand}
        label="Marca"
        options={BRAND_OPTIONS}
        placeholder={say("Elija la marca", "Elige la marca")}
        width="sm"
      />
      <SelectField
        meta={fields.vehicleModel}
        label="Modelo"
        hint={
          hydrated
            ? say("Elija primero la marca.", "Elige primero la marca.")
            : say("Elija el modelo en el grupo de su marca.", "Elige el modelo en el grupo de su marca.")
        }
        options={[]}
        groups={groups}
        placeholder={say("Elija el modelo", "Elige el modelo")}
        width="md"
      />
    </>
  );
}

// ─── Hogar ───────────────────────────────────────────────────────────────────────────

export function hogarFieldOrder(fields: LineFields<"hogar">) {
  return [
    fields.postalCode,
    fields.dwellingType,
    fields.floor,
    fields.areaM2,
    fields.yearBuilt,
    fields.residence,
    fields.buildingValue,
    fields.contentsValue,
    fields.alarm,
    fields.reinforcedDoor,
  ];
}

export function HogarFields({ fields }: { fields: LineFields<"hogar"> }) {
  const say = useSay();
  return (
    <>
      <Section title="La vivienda">
        <Field meta={fields.postalCode} label="Código postal de la vivienda" hint="Por ejemplo, 28001" width="xs" inputProps={postalCode} />
        <RadioField
          meta={fields.dwellingType}
          legend="Tipo de vivienda"
          inline
          options={[
            { value: "piso", label: "Piso" },
            { value: "casa", label: "Casa" },
          ]}
        />
        <RadioField
          meta={fields.floor}
          legend="Planta"
          hint={say("Si es una casa, elija «Bajo».", "Si es una casa, elige «Bajo».")}
          inline
          options={[
            { value: "bajo", label: "Bajo" },
            { value: "intermedio", label: "Intermedia" },
            { value: "atico", label: "Ático" },
          ]}
        />
        <Field
          meta={fields.areaM2}
          label="Superficie construida, en m²"
          hint={`Entre ${NUMBER_BOUNDS.areaM2.min} y ${euros(NUMBER_BOUNDS.areaM2.max * 100)} m². Por ejemplo, 90`}
          width="xs"
          inputProps={numeric}
        />
        <Field
          meta={fields.yearBuilt}
          label="Año de construcción del edificio"
          hint="Por ejemplo, 1995"
          width="xs"
          inputProps={{ ...numeric, maxLength: 4 }}
        />
        <RadioField
          meta={fields.residence}
          legend="Uso de la vivienda"
          options={[
            { value: "habitual", label: "Vivienda habitual", hint: "Vive en ella la mayor parte del año." },
            { value: "secundaria", label: "Segunda residencia", hint: "La usa en vacaciones o temporadas." },
          ]}
        />
      </Section>
      <Section title="Lo que quiere asegurar">
        <Field
          meta={fields.buildingValue}
          label="Valor del continente, en euros"
          hint={`Lo que costaría reconstruir la vivienda: paredes, suelos, instalaciones, sin el valor del suelo. ${say("Escriba", "Escribe")} 0 si no lo asegura. Por ejemplo, 120.000`}
          width="xs"
          inputProps={money}
        />
        <Field
          meta={fields.contentsValue}
          label="Valor del contenido, en euros"
          hint={`Sus muebles, electrodomésticos, ropa y demás bienes. ${say("Escriba", "Escribe")} 0 si no lo asegura. Por ejemplo, 30.000`}
          width="xs"
          inputProps={money}
        />
      </Section>
      <Section title="Seguridad de la vivienda">
        <p className="mt-2 text-slate-600">{say("Marque las que tenga: abaratan el precio.", "Marca las que tenga: abaratan el precio.")}</p>
        <CheckboxField meta={fields.alarm} label="Tiene alarma conectada a una central" className="mt-4" />
        <CheckboxField meta={fields.reinforcedDoor} label="Tiene puerta blindada o acorazada" className="mt-3" />
      </Section>
    </>
  );
}

// ─── Alquiler ────────────────────────────────────────────────────────────────────────

export function alquilerFieldOrder(fields: LineFields<"alquiler">) {
  return [fields.postalCode, fields.monthlyRent, fields.tenantMonthlyIncome, fields.tenantContract];
}

export function AlquilerFields({ fields }: { fields: LineFields<"alquiler"> }) {
  const say = useSay();
  // One short group: the page's heading ("Datos del alquiler") already names it.
  return (
    <>
      <Field meta={fields.postalCode} label="Código postal de la vivienda alquilada" hint="Por ejemplo, 28001" width="xs" inputProps={postalCode} />
      <Field
        meta={fields.monthlyRent}
        label="Renta mensual, en euros"
        hint="Lo que paga el inquilino cada mes. Por ejemplo, 850"
        width="xs"
        inputProps={money}
      />
      <Field
        meta={fields.tenantMonthlyIncome}
        label="Ingresos netos mensuales del inquilino, en euros"
        hint="La suma de las nóminas o ingresos de quienes firman el contrato. La renta no puede superar el 40 % de estos ingresos. Por ejemplo, 2.500"
        width="xs"
        inputProps={money}
      />
      <SelectField
        meta={fields.tenantContract}
        label="Situación laboral del inquilino"
        hint="La de quien aporta más ingresos. Influye en el precio."
        options={TENANT_CONTRACTS.map((value) => ({ value, label: TENANT_CONTRACT_LABELS[value] }))}
        placeholder={say("Elija una opción", "Elige una opción")}
        width="sm"
      />
      {/* The months of rent covered are the plan (ADR 023): one question, one truth. */}
      <p className="mt-6 text-slate-700">
        Los meses de renta impagada cubiertos (6, 12 o 18) los da el plan: se elige al comparar los precios de los tres.
      </p>
    </>
  );
}
