import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { INSURED_OBJECT, SAME_ADDRESS_OFFERED } from "../../../api/contract/checkout-fields";
import type { Line } from "../../../api/contract/vocabulary";
import { CheckboxField, DateField, Field } from "~/components/ui/field";
import { useSay } from "~/components/voice";
import { formatDate } from "../../../api/contract/format";

export type InsuredObjectFieldsProps = {
  line: Line;
  startDate: FieldMetadata<string>;
  registration: FieldMetadata<string>;
  riskSameAsHolder: FieldMetadata<boolean>;
  riskAddress: { street: FieldMetadata<string>; door: FieldMetadata<string>; postalCode: FieldMetadata<string>; city: FieldMetadata<string> };
  /** The start dates the API allows today (aaaa-mm-dd). */
  startDates: { earliest: string; latest: string };
  requoteHref: string;
  /** With JavaScript the dwelling's fields hide while "La misma que la del tomador" is ticked; without it they stay and the box decides. */
  hydrated: boolean;
};

/**
 * "Su seguro" in /checkout: the start date (fecha de efecto) and what identifies the insured
 * object: the car's registration, or the dwelling's address (its postal code is the quote's).
 */
export function InsuredObjectFields({
  line,
  startDate,
  registration,
  riskSameAsHolder,
  riskAddress,
  startDates,
  requoteHref,
  hydrated,
}: InsuredObjectFieldsProps) {
  const sameOffered = SAME_ADDRESS_OFFERED[line];
  const same = sameOffered && (riskSameAsHolder.value === "on" || riskSameAsHolder.value === "true");
  const say = useSay();
  return (
    <fieldset className="mt-8">
      <legend className="text-2xl font-bold text-slate-900">{say("Su seguro", "El seguro")}</legend>
      <DateField
        meta={startDate}
        label="Fecha de efecto"
        hint={`El día en que empieza a cubrirle, a las 00:00 h: de mañana (${formatDate(startDates.earliest)}) al ${formatDate(startDates.latest)}.`}
        example={formatDate(startDates.earliest)}
      />
      {INSURED_OBJECT[line] === "registration" ? (
        <Field
          meta={registration}
          label="Matrícula del vehículo"
          hint="Por ejemplo, 1234 BCD o, en las antiguas, M-1234-AB"
          width="xs"
          inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
        />
      ) : (
        <fieldset className="mt-6">
          <legend className="text-lg font-bold text-slate-900">
            {line === "alquiler" ? "Dirección de la vivienda alquilada" : "Dirección de la vivienda asegurada"}
          </legend>
          {sameOffered ? (
            <CheckboxField
              meta={riskSameAsHolder}
              label="La misma que la del tomador"
              hint={say(
                "Márquela si la vivienda es la dirección que ha indicado arriba; si no, escriba la de la vivienda.",
                "Márcala si la vivienda es la dirección del tomador, arriba; si no, escribe la de la vivienda.",
              )}
              className="mt-3"
            />
          ) : null}
          <div hidden={hydrated && same}>
            <Field
              meta={riskAddress.street}
              label="Calle y número"
              hint="Por ejemplo, Calle de la Paz 3"
              width="lg"
              inputProps={{ autoComplete: "off" }}
            />
            <Field
              meta={riskAddress.door}
              label="Piso y puerta (opcional)"
              hint="Por ejemplo, 2.º A"
              width="sm"
              inputProps={{ autoComplete: "off" }}
            />
            <Field meta={riskAddress.city} label="Población de la vivienda" width="md" inputProps={{ autoComplete: "off" }} />
          </div>
          <Field
            meta={riskAddress.postalCode}
            label="Código postal de la vivienda"
            hint={
              // prettier-ignore
              <>
                El de la cotización, porque el precio depende de él. Si la vivienda está en otro código postal, <Link to={requoteHref} className="underline">{say("vuelva a cotizar", "vuelve a cotizar")}</Link>.
              </>
            }
            width="xs"
            inputProps={{ readOnly: true, inputMode: "numeric" }}
          />
        </fieldset>
      )}
    </fieldset>
  );
}
