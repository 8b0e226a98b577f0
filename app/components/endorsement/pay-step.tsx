import { getFormProps, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { GuaranteeOptions } from "../../../api/contract/endorsements";
import { CARD_SECRET_FIELDS } from "../../../api/contract/checkout-fields";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { FREQUENCY_LABELS, type Frequency } from "../../../api/contract/vocabulary";
import { CardFields } from "~/components/checkout/card-fields";
import { focusTarget } from "~/components/focus-on-navigation";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField } from "~/components/ui/field";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton, useIsPending } from "~/components/ui/submit-button";
import { useValidateChanged, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { documentPaths } from "~/lib/document-paths";
import { ENDORSEMENT_FORM_ID, EndorsementFormSchema, type EndorsementFormShape } from "~/lib/endorsement-form";
import type { CustomerData } from "~/lib/endorsement-page";
import { Breakdown } from "./price-breakdown";

/** Step 2: what the choice adds and costs, how to pay it, the updated IPID accepted: the POST. */
export function PayStep({
  data,
  selection,
  effectiveDate,
  lastResult,
}: {
  data: CustomerData;
  selection: NonNullable<GuaranteeOptions["selection"]>;
  effectiveDate: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { options } = data;
  const submitting = useIsPending();
  const hydrated = useHydrated();
  const submittedKey = lastResult?.initialValue?.idempotencyKey;
  const [idempotencyKey] = useState(typeof submittedKey === "string" && submittedKey ? submittedKey : data.idempotencyKey);
  const [form, fields] = useForm<EndorsementFormShape>({
    id: ENDORSEMENT_FORM_ID,
    lastResult,
    defaultValue: { method: "card" },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EndorsementFormSchema }) as unknown as Submission<EndorsementFormShape>,
  });
  useValidateChanged(form);
  useEffect(() => {
    if (!lastResult) return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of CARD_SECRET_FIELDS) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, form.id]);
  const names = options.options.filter((o) => selection.guarantees.includes(o.code)).map((o) => o.name);
  const mandate = options.payWith.includes("mandate");
  const method = mandate && fields.method.value === "mandate" ? "mandate" : "card";
  const frequency = options.policy.frequency as Frequency;

  return (
    <section aria-labelledby="resumen-titulo" className="mt-10">
      <h2
        id="resumen-titulo"
        className="text-2xl font-bold text-slate-900"
        {...focusTarget(`precio:${selection.guarantees.join(",")}:${effectiveDate}`)}
      >
        Resumen y pago
      </h2>
      {/* prettier-ignore */}
      <p className="mt-2 text-slate-700">
        Añade <strong>{names.join(", ")}</strong> a su póliza {options.policy.number} desde el <strong>{formatDate(effectiveDate)}</strong> hasta el vencimiento (
        {formatDate(options.policy.endDate)}). Se cobra en un solo recibo, aunque su póliza se pague de forma {FREQUENCY_LABELS[frequency]?.toLowerCase() ?? frequency}.
      </p>
      <Breakdown price={selection.price} caption="Desglose del suplemento" />

      <div className="mt-6">
        <ErrorSummary form={form} fields={[fields.ipid, fields.method, fields.cardNumber, fields.expiry, fields.cvc, fields.cardHolder]} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <input type="hidden" name="poliza" value={options.policy.id} />
        {selection.guarantees.map((code) => (
          <input key={code} type="hidden" name="garantia" value={code} />
        ))}
        <input type="hidden" name="fecha" value={effectiveDate} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

        {mandate ? (
          <RadioGroup
            meta={fields.method}
            legend="Cómo quiere pagar"
            options={[
              { value: "card", label: "Con tarjeta, ahora" },
              {
                value: "mandate",
                label: `Domiciliado en su cuenta${options.policy.payment?.label ? ` ${options.policy.payment.label}` : ""}, el ${formatDate(effectiveDate)}`,
              },
            ]}
          />
        ) : (
          <input type="hidden" name="method" value="card" />
        )}
        <CardFields fields={fields} hidden={hydrated && method !== "card"} />

        <CheckboxField
          meta={fields.ipid}
          label={
            // prettier-ignore
            <>
              He leído el <a href={documentPaths.ipid(options.policy.line)} className="underline">
                documento de información del producto (IPID) actualizado
              </a> y acepto añadir estas garantías
            </>
          }
        />
        <div className="mt-8">
          <SubmitButton pendingText="Añadiendo…" pending={submitting} disabled={submitting}>
            {method === "card"
              ? `Añadir y pagar ${formatMoney(selection.price.total)}`
              : `Añadir garantías (${formatMoney(selection.price.total)} domiciliados)`}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
