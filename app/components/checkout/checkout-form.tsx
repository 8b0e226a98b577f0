import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { CardFields } from "./card-fields";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { BreakdownAnswer } from "../../../api/contract/checkout";
import type { InsurerAnswer, SiteInfo } from "../../../api/contract/site";
import { FREQUENCIES, FREQUENCY_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type Frequency, type Line } from "../../../api/contract/vocabulary";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import { DistributorInfo } from "~/components/checkout/distributor-info";
import { InsurerInfo } from "~/components/policy/insurer-info";
import { InsuredObjectFields } from "~/components/checkout/insured-object-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, DateField, Field } from "~/components/ui/field";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton, useIsPending } from "~/components/ui/submit-button";
import { notCheckedHere, useValidateChanged, useValidatorOnFirstUse, VALIDATION_TIMING } from "~/components/ui/form-checks";
import type { CheckoutFormShape } from "~/lib/checkout-form";
import { CARD_SECRET_FIELDS } from "../../../api/contract/checkout-fields";
import { formatMoney } from "../../../api/contract/format";
import { formatTypedDate } from "~/lib/typed-date";
import { QUOTE_PARAM, recibosSummary } from "~/lib/plan-choice";

type Prices = Record<Frequency, BreakdownAnswer>;

/** What the checkout loader read: the quote, the plan, the extras and their prices for each frequency. */
export type CheckoutOffer = {
  quote: { id: string; line: Line; validUntil: string; postalCode: string };
  requoteHref: string;
  plan: { code: string; name: string; deductibleCents: number };
  extras: string[];
  extraNames: string[];
  frequency: Frequency;
  idempotencyKey: string;
  ipidHref: string;
  prices: Prices;
  /** The start dates the API allows today and the default one (tomorrow), aaaa-mm-dd. */
  startDates: { earliest: string; latest: string; default: string };
  /** The insurer that would carry the risk (the line's today). */
  insurer: InsurerAnswer | null;
};

/** The policyholder's data already known (staff selling to a client on file). */
export type HolderDefaults = Partial<Record<"name" | "nif" | "birthDate" | "phone" | "address" | "postalCode" | "city" | "email", string>>;

type CheckoutFormProps = {
  data: CheckoutOffer;
  site: SiteInfo | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
  /**
   * visitor: the customer buys on the web. staff: a staff member sells by phone — the customer's
   * e-mail is asked, and the consents are ticked for what the customer said on the phone.
   */
  variant?: "visitor" | "staff";
  holder?: HolderDefaults;
};

const CONSENT_LABELS = {
  visitor: {
    legend: "Consentimientos",
    intro: null,
    terms: "Acepto las",
    privacy: "Acepto la",
    ipid: "He leído el",
    marketing: "Deseo recibir comunicaciones comerciales de Cotiza (opcional)",
    marketingHint: "Puede retirar este consentimiento cuando quiera.",
  },
  staff: {
    legend: "Consentimientos dados por teléfono",
    intro: "Marca solo lo que el cliente ha aceptado en la llamada. Quedan registrados como dados por teléfono, con tu usuario.",
    terms: "El cliente acepta las",
    privacy: "El cliente acepta la",
    ipid: "Se ha informado al cliente del",
    marketing: "El cliente desea recibir comunicaciones comerciales de Cotiza (opcional)",
    marketingHint: "El cliente puede retirarlo cuando quiera.",
  },
} as const;

const CHECKOUT_FORM_ID = "checkout";
const loadValidator = () => import("./checkout-validation");

/**
 * The /checkout form: summary, policyholder, frequency, payment (both groups without JavaScript,
 * the chosen one with it), consents and the distributor's information, one POST.
 */
export function CheckoutForm({ data, site, lastResult, variant = "visitor", holder = {} }: CheckoutFormProps) {
  const staff = variant === "staff";
  const labels = CONSENT_LABELS[variant];
  const submitting = useIsPending();
  // The key of this page view: kept across failed submissions (and their reloads of the loader).
  const submittedKey = lastResult?.initialValue?.idempotencyKey;
  const [idempotencyKey] = useState(typeof submittedKey === "string" && submittedKey ? submittedKey : data.idempotencyKey);
  const validator = useValidatorOnFirstUse(CHECKOUT_FORM_ID, loadValidator);
  const [form, fields] = useForm<CheckoutFormShape>({
    id: CHECKOUT_FORM_ID,
    lastResult,
    defaultValue: {
      plan: data.plan.code,
      frequency: data.frequency,
      method: "card",
      extras: data.extras,
      line: data.quote.line,
      startDate: formatTypedDate(data.startDates.default),
      riskAddress: { postalCode: data.quote.postalCode },
      ...holder,
      ...(holder.birthDate ? { birthDate: formatTypedDate(holder.birthDate) } : {}),
    },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => validator.current?.validateCheckout(variant, formData) ?? notCheckedHere(formData),
  });
  useValidateChanged(form);
  const hydrated = useHydrated();
  // Each answer of the server leaves card number and CVC empty, as the page without JavaScript does.
  useEffect(() => {
    if (!lastResult) return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of CARD_SECRET_FIELDS) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, form.id]);
  const method = fields.method.value === "sepa" ? "sepa" : "card";
  const frequency = (FREQUENCIES as readonly string[]).includes(fields.frequency.value ?? "")
    ? (fields.frequency.value as keyof Prices)
    : data.frequency;
  const price = data.prices[frequency];
  const riskAddress = fields.riskAddress.getFieldset();

  const summaryFields = [
    fields.name,
    fields.nif,
    fields.birthDate,
    fields.phone,
    ...(staff ? [fields.email] : []),
    fields.address,
    fields.postalCode,
    fields.city,
    fields.startDate,
    fields.registration,
    fields.riskSameAsHolder,
    riskAddress.street,
    riskAddress.door,
    riskAddress.city,
    riskAddress.postalCode,
    fields.frequency,
    fields.method,
    fields.cardNumber,
    fields.expiry,
    fields.cvc,
    fields.cardHolder,
    fields.iban,
    fields.sepaHolder,
    fields.terms,
    fields.privacy,
    fields.ipid,
  ];

  return (
    <>
      <CheckoutSummary
        plan={data.plan}
        extraNames={data.extraNames}
        frequency={frequency}
        price={price}
        validUntil={data.quote.validUntil}
        ipidHref={data.ipidHref}
      />

      <div className="mt-8">
        <ErrorSummary form={form} fields={summaryFields} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <input type="hidden" name={QUOTE_PARAM} value={data.quote.id} />
        <input type="hidden" name="plan" value={data.plan.code} />
        {data.extras.map((code) => (
          <input key={code} type="hidden" name="extras" value={code} />
        ))}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="line" value={data.quote.line} />

        <fieldset className="mt-6">
          <legend className="text-2xl font-bold text-slate-900">Datos del tomador</legend>
          <p className="mt-1 text-slate-600">La persona que contrata el seguro y paga los recibos.</p>
          <Field meta={fields.name} label="Nombre y apellidos" width="lg" inputProps={{ autoComplete: "name" }} />
          <Field
            meta={fields.nif}
            label="NIF o NIE"
            hint="Por ejemplo, 12345678Z"
            width="sm"
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
          />
          <DateField meta={fields.birthDate} label="Fecha de nacimiento" example="15/04/1985" inputProps={{ autoComplete: "bday" }} />
          <Field meta={fields.phone} type="tel" label="Teléfono" hint="Por ejemplo, 600 123 456" width="sm" inputProps={{ autoComplete: "tel" }} />
          {staff ? (
            <Field
              meta={fields.email}
              type="email"
              label="Correo electrónico del cliente (opcional)"
              hint="Le enviaremos la póliza y sus documentos. Sin correo, descárgalos desde la póliza y envíaselos por otra vía."
              width="lg"
              inputProps={{ autoComplete: "off", spellCheck: false }}
            />
          ) : null}
          <Field
            meta={fields.address}
            label="Dirección"
            hint="Calle, número, piso y puerta"
            width="lg"
            inputProps={{ autoComplete: "address-line1" }}
          />
          <Field meta={fields.postalCode} label="Código postal" width="xs" inputProps={{ autoComplete: "postal-code", inputMode: "numeric" }} />
          <Field meta={fields.city} label="Población" width="md" inputProps={{ autoComplete: "address-level2" }} />
        </fieldset>

        <InsuredObjectFields
          line={data.quote.line}
          startDate={fields.startDate}
          registration={fields.registration}
          riskSameAsHolder={fields.riskSameAsHolder}
          riskAddress={riskAddress}
          startDates={data.startDates}
          requoteHref={data.requoteHref}
          hydrated={hydrated}
        />

        <RadioGroup
          meta={fields.frequency}
          legend="Forma de pago"
          options={FREQUENCIES.map((f) => ({
            value: f,
            label: `${FREQUENCY_LABELS[f]}: ${formatMoney(data.prices[f].total)} al año (${recibosSummary(data.prices[f].recibos)})`,
          }))}
        />

        <RadioGroup
          meta={fields.method}
          legend="Medio de pago"
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        />
        {/* Without JavaScript both groups are shown and the radio above decides which one counts. */}
        <div>
          <CardFields fields={fields} hidden={hydrated && method !== "card"} tagged />
          <fieldset className="mt-6 rounded-md border border-slate-300 p-4" data-method="sepa" hidden={hydrated && method !== "sepa"}>
            <legend className="px-1 text-lg font-bold text-slate-900">Domiciliación SEPA</legend>
            {/* A direct debit is not charged at the sale (ADR 033): the remittance collects recibo 1 from its due date. */}
            <p className="text-slate-700">
              {`No se cobra nada ahora: el primer recibo (${formatMoney(price.recibos[0]?.amount ?? price.total)}) se cargará en esta cuenta a partir de la fecha de efecto, y los siguientes en su vencimiento.`}
            </p>
            <Field
              meta={fields.iban}
              label="IBAN"
              hint="Por ejemplo, ES91 2100 0418 4502 0005 1332"
              width="lg"
              inputProps={{ autoComplete: "off", spellCheck: false }}
            />
            <Field meta={fields.sepaHolder} label="Titular de la cuenta" width="lg" inputProps={{ autoComplete: "name" }} />
          </fieldset>
        </div>

        <fieldset className="mt-8">
          <legend className="text-2xl font-bold text-slate-900">{labels.legend}</legend>
          {labels.intro ? <p className="mt-1 text-slate-600">{labels.intro}</p> : null}
          <CheckboxField
            meta={fields.terms}
            label={
              <>
                {`${labels.terms} `}
                <Link to="/terminos-y-condiciones" className="underline">
                  condiciones de contratación
                </Link>
              </>
            }
          />
          <CheckboxField
            meta={fields.privacy}
            label={
              <>
                {`${labels.privacy} `}
                <Link to="/politica-de-privacidad" className="underline">
                  política de privacidad
                </Link>
              </>
            }
          />
          <CheckboxField
            meta={fields.ipid}
            label={
              <>
                {`${labels.ipid} `}
                <a href={data.ipidHref} className="underline">
                  documento de información del producto (IPID)
                </a>
              </>
            }
          />
          <CheckboxField meta={fields.marketing} label={labels.marketing} hint={labels.marketingHint} />
        </fieldset>

        {data.insurer ? <InsurerInfo insurer={data.insurer} intro="La entidad que emite la póliza y cubre el riesgo:" /> : null}
        {site ? <DistributorInfo site={site} /> : null}

        <div className="mt-8">
          <SubmitButton pendingText={staff ? "Emitiendo…" : "Contratando…"} pending={submitting} disabled={submitting}>
            {`${staff ? "Emitir la póliza y cobrar" : "Contratar y pagar"} ${formatMoney(price.recibos[0]?.amount ?? price.total)}`}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
