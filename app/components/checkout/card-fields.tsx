import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";

type CardFieldsMeta = {
  cardNumber: FieldMetadata<string>;
  expiry: FieldMetadata<string>;
  cvc: FieldMetadata<string>;
  cardHolder: FieldMetadata<string>;
};

/**
 * "Pago con tarjeta": number, expiry, CVC and holder (the checkout and a suplemento's payment).
 * `hidden` once another way to pay is chosen with JavaScript; `tagged` marks the group with
 * data-method="card" for a page that shows one group per way to pay.
 */
export function CardFields({ fields, hidden, tagged = false }: { fields: CardFieldsMeta; hidden: boolean; tagged?: boolean }) {
  return (
    <fieldset className="mt-6 rounded-md border border-slate-300 p-4" data-method={tagged ? "card" : undefined} hidden={hidden}>
      <legend className="px-1 text-lg font-bold text-slate-900">Pago con tarjeta</legend>
      <Field meta={fields.cardNumber} label="Número de la tarjeta" width="md" inputProps={{ autoComplete: "cc-number", inputMode: "numeric" }} />
      <Field meta={fields.expiry} label="Caducidad" hint="MM/AA, por ejemplo 08/29" width="xs" inputProps={{ autoComplete: "cc-exp" }} />
      <Field
        meta={fields.cvc}
        label="Código de seguridad (CVC)"
        hint="Las 3 o 4 cifras del dorso"
        width="xs"
        inputProps={{ autoComplete: "cc-csc", inputMode: "numeric" }}
      />
      <Field meta={fields.cardHolder} label="Titular de la tarjeta" width="lg" inputProps={{ autoComplete: "cc-name" }} />
    </fieldset>
  );
}
