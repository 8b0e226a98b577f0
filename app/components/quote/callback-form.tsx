import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CallbackBody } from "../../../api/contract/pipeline-leads";
import { CALLBACK_SLOT_LABELS, CALLBACK_SLOTS, type CallbackSlot } from "../../../api/contract/vocabulary";
import { BotTrapInputs } from "~/components/ui/bot-trap";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, Field } from "~/components/ui/field";
import { notCheckedHere, useValidateChanged, useValidatorOnFirstUse, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton } from "~/components/ui/submit-button";

/** The anchor of the section: the redirect after asking comes back to it. */
export const CALLBACK_SECTION_ID = "llamada";
/** The search parameter that tells the page the visitor has just asked (its value: the slot). */
export const CALLBACK_DONE_PARAM = "llamada";

const FORM_ID = "pedir-llamada";
const loadValidator = () => import("./callback-validation");

const SLOT_OPTIONS = CALLBACK_SLOTS.map((slot) => ({ value: slot, label: CALLBACK_SLOT_LABELS[slot] }));

type CallbackFormProps = {
  /** The slot just asked for (the redirect's parameter): the section thanks instead of asking. */
  done: CallbackSlot | null;
  defaultName: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
};

/**
 * "Quiero que me llamen" under the prices (issue 23): name, a Spanish phone, a time slot and the
 * consent to be called, recorded with the request. A plain POST to the page, which comes back to
 * this section: it works the same without JavaScript and in a text browser. Its validator (zod)
 * comes on the form's first use, as the checkout's does: the prices page loads no zod.
 */
export function CallbackForm({ done, defaultName, lastResult }: CallbackFormProps) {
  const validator = useValidatorOnFirstUse(FORM_ID, loadValidator);
  const [form, fields] = useForm<CallbackBody>({
    id: FORM_ID,
    lastResult,
    defaultValue: { name: defaultName },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => validator.current?.validateCallback(formData) ?? notCheckedHere(formData),
  });
  useValidateChanged(form);
  return (
    <section
      id={CALLBACK_SECTION_ID}
      aria-labelledby="llamada-titulo"
      className="mt-12 max-w-2xl rounded-lg border border-slate-300 bg-slate-50 p-5 sm:p-6"
    >
      <h2 id="llamada-titulo" className="text-2xl font-bold text-slate-900">
        ¿Prefiere que le llamemos?
      </h2>
      {done ? (
        <p role="status" className="mt-3 text-lg text-slate-800">
          Hemos recibido su petición. Un asesor le llamará {CALLBACK_SLOT_LABELS[done].toLowerCase()} para hablar de este seguro.
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">Un asesor le llama, resuelve sus dudas y, si quiere, le ayuda a contratar. Sin compromiso.</p>
          <ErrorSummary form={form} fields={[fields.name, fields.phone, fields.slot, fields.consent]} />
          <Form method="post" preventScrollReset {...getFormProps(form)} noValidate>
            <AuthenticityTokenInput />
            <BotTrapInputs />
            <Field meta={fields.name} label="Nombre" width="md" inputProps={{ autoComplete: "name" }} />
            <Field meta={fields.phone} label="Teléfono" type="tel" width="sm" hint="Por ejemplo, 600 123 456" inputProps={{ autoComplete: "tel" }} />
            <RadioGroup meta={fields.slot} legend="¿Cuándo prefiere que le llamemos?" size="md" options={SLOT_OPTIONS} />
            <CheckboxField
              meta={fields.consent}
              label="Acepto que me llamen por teléfono para hablar de este seguro"
              hint="Solo le llamaremos para esto; no le enviaremos publicidad."
            />
            <div className="mt-6">
              <SubmitButton pendingText="Enviando…">Quiero que me llamen</SubmitButton>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
