// The handler's forms on /admin/claims/{id} (issue 26, ADR 042): each a POST to the page's action
// with its intent (~/lib/staff-action.server.ts), checked by the API's own schema here and there,
// with a pending state; the ones that cannot be undone without a trace (accept, reject, close,
// reopen) ask first (a dialog with JavaScript, a confirmation step without).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AppointClaimExpertBodySchema, parseEurosToCents } from "../../../api/contract/admin-claims";
import { CLAIM_DOCUMENT_KIND_LABELS, CLAIM_DOCUMENT_KINDS, CLAIM_STATUS_LABELS } from "../../../api/contract/claim-vocabulary";
import {
  AcceptClaimBodySchema,
  AssignClaimBodySchema,
  ChangeClaimStatusBodySchema,
  ClaimMessageBodySchema,
  ClaimReserveBodySchema,
  RejectClaimBodySchema,
  RequestClaimDocumentBodySchema,
} from "../../../api/contract/claims";
import { formatMoney } from "../../../api/contract/format";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import type { ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, SelectField, TextareaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { INTENT_FIELD } from "~/lib/form-intent";

type LastResult = SubmissionResult<string[]> | undefined;

/** The forms' schemas: the API's bodies (close and reopen post only a note; the status is the intent's). */
export const CLAIM_FORMS = {
  assign: AssignClaimBodySchema,
  status: ChangeClaimStatusBodySchema,
  reserve: ClaimReserveBodySchema,
  accept: AcceptClaimBodySchema,
  reject: RejectClaimBodySchema,
  close: z.object({ note: ChangeClaimStatusBodySchema.shape.note }),
  reopen: z.object({ note: ChangeClaimStatusBodySchema.shape.note }),
  message: ClaimMessageBodySchema,
  request: RequestClaimDocumentBodySchema,
  expert: AppointClaimExpertBodySchema,
} as const;
export type ClaimIntent = keyof typeof CLAIM_FORMS;

/** A form of the page with one submit button: its intent travels hidden beside the button. */
function ActionForm({
  id,
  intent,
  schema,
  lastResult,
  defaultValue,
  submit,
  pendingText,
  children,
}: {
  id: string;
  intent: ClaimIntent;
  schema: z.ZodTypeAny;
  lastResult: LastResult;
  defaultValue?: Record<string, string>;
  submit: string;
  pendingText: string;
  children: (fields: Record<string, never>) => ReactNode;
}) {
  const [form, fields] = useZodForm({ id, schema, lastResult, defaultValue: defaultValue as never });
  const all = fields as unknown as Record<string, never>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-1">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={Object.values(all)} />
      {children(all)}
      <SubmitButton intent={intent} pendingText={pendingText} className="mt-3">
        {submit}
      </SubmitButton>
    </Form>
  );
}

export function AssignForm({
  handlers,
  handlerId,
  lastResult,
}: {
  handlers: { id: number; name: string }[];
  handlerId: number | null;
  lastResult: LastResult;
}) {
  return (
    <ActionForm
      id="asignar"
      intent="assign"
      schema={CLAIM_FORMS.assign}
      lastResult={lastResult}
      defaultValue={{ handlerId: handlerId === null ? "" : String(handlerId) }}
      submit="Asignar"
      pendingText="Asignando…"
    >
      {(f) => (
        <>
          <SelectField
            label="Tramitador"
            meta={f.handlerId}
            width="sm"
            placeholder="Sin tramitador"
            options={handlers.map((h) => ({ value: String(h.id), label: h.name }))}
          />
          <Field label="Nota (opcional)" meta={f.note} />
        </>
      )}
    </ActionForm>
  );
}

export function StatusForm({ targets, lastResult }: { targets: readonly ("en_revision" | "peritacion")[]; lastResult: LastResult }) {
  return (
    <ActionForm
      id="cambiar-estado"
      intent="status"
      schema={CLAIM_FORMS.status}
      lastResult={lastResult}
      submit="Cambiar el estado"
      pendingText="Cambiando…"
    >
      {(f) => (
        <>
          <SelectField
            label="Nuevo estado"
            meta={f.status}
            width="sm"
            placeholder="Elige un estado"
            options={targets.map((t) => ({ value: t, label: CLAIM_STATUS_LABELS[t] }))}
          />
          <Field label="Nota (opcional)" meta={f.note} />
        </>
      )}
    </ActionForm>
  );
}

export function ReserveForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <ActionForm
      id="reserva"
      intent="reserve"
      schema={CLAIM_FORMS.reserve}
      lastResult={lastResult}
      submit="Cambiar la reserva"
      pendingText="Guardando…"
    >
      {(f) => (
        <>
          <Field
            label="Nueva reserva (€)"
            hint="Lo que se espera pagar; por ejemplo, 1.500 o 1.234,56."
            meta={f.reserveCents}
            width="sm"
            inputProps={{ inputMode: "decimal" }}
          />
          <Field label="Motivo" hint="Por ejemplo, «Presupuesto del fontanero»." meta={f.reason} />
        </>
      )}
    </ActionForm>
  );
}

/** What the rules will pay for `typed` euros with the deductible and the limit of the guarantee (the API applies them again on accepting). */
export function payablePreview(typed: string | undefined, amounts: { deductibleCents: number; limitCents: number | null } | null): string | null {
  const cents = typed ? parseEurosToCents(typed) : null;
  if (cents === null || cents === undefined || !amounts) return null;
  const afterDeductible = Math.max(0, cents - amounts.deductibleCents);
  const payable = amounts.limitCents === null ? afterDeductible : Math.min(amounts.limitCents, afterDeductible);
  return `Aceptas ${formatMoney(cents)}: menos la franquicia de ${formatMoney(amounts.deductibleCents)}${
    amounts.limitCents === null ? "" : ` y con el límite de ${formatMoney(amounts.limitCents)}`
  }, se pagarán ${formatMoney(payable)}.`;
}

export function acceptCopy(number: string, preview: string | null): ConfirmCopy {
  return {
    title: `¿Aceptar el siniestro ${number}?`,
    description: (
      <>
        <p>{preview ?? "Se aplicarán la franquicia y el límite de la garantía al importe aceptado."}</p>
        <p className="mt-2">Las reglas de cobertura se comprueban otra vez con el importe; si no lo cubren, no se acepta.</p>
      </>
    ),
    confirmLabel: "Aceptar el siniestro",
    pendingText: "Aceptando…",
    variant: "primary",
  };
}

export function AcceptForm({
  number,
  amounts,
  lastResult,
}: {
  number: string;
  amounts: { deductibleCents: number; limitCents: number | null } | null;
  lastResult: LastResult;
}) {
  const [typed, setTyped] = useState<string>("");
  const preview = payablePreview(typed, amounts);
  return (
    <ConfirmedForm
      id="aceptar"
      schema={CLAIM_FORMS.accept}
      hidden={{ [INTENT_FIELD]: "accept" }}
      lastResult={lastResult}
      triggerLabel="Aceptar…"
      triggerVariant="primary"
      copy={acceptCopy(number, preview)}
    >
      {(f) => (
        <div onInput={(e) => (e.target instanceof HTMLInputElement && e.target.name === "acceptedCents" ? setTyped(e.target.value) : undefined)}>
          <Field
            label="Importe aceptado (€)"
            hint={
              amounts
                ? `Antes de la franquicia (${formatMoney(amounts.deductibleCents)})${amounts.limitCents === null ? "" : ` y del límite (${formatMoney(amounts.limitCents)})`} de la garantía.`
                : "Antes de la franquicia y del límite de la garantía."
            }
            meta={f.acceptedCents}
            width="sm"
            inputProps={{ inputMode: "decimal" }}
          />
          {preview ? (
            <p className="mt-1 text-sm text-slate-700" aria-live="polite">
              {preview}
            </p>
          ) : null}
          <Field label="Nota (opcional)" meta={f.note} />
        </div>
      )}
    </ConfirmedForm>
  );
}

export const rejectCopy = (number: string): ConfirmCopy => ({
  title: `¿Rechazar el siniestro ${number}?`,
  description: <p>El cliente leerá el motivo en Mi póliza. La reserva pasa a 0 €.</p>,
  confirmLabel: "Rechazar el siniestro",
  pendingText: "Rechazando…",
});

export function RejectForm({ number, lastResult }: { number: string; lastResult: LastResult }) {
  return (
    <ConfirmedForm
      id="rechazar"
      schema={CLAIM_FORMS.reject}
      hidden={{ [INTENT_FIELD]: "reject" }}
      lastResult={lastResult}
      triggerLabel="Rechazar…"
      triggerVariant="danger"
      copy={rejectCopy(number)}
    >
      {(f) => (
        <TextareaField
          label="Motivo que leerá el cliente"
          hint="Con palabras que entienda y tratándole de usted; al menos 20 caracteres."
          meta={f.reason}
          rows={3}
        />
      )}
    </ConfirmedForm>
  );
}

export const closeCopy = (number: string): ConfirmCopy => ({
  title: `¿Cerrar el siniestro ${number}?`,
  description: <p>Un siniestro cerrado puede reabrirse si el cliente aporta algo nuevo.</p>,
  confirmLabel: "Cerrar el siniestro",
  pendingText: "Cerrando…",
  variant: "primary",
});
export const reopenCopy = (number: string): ConfirmCopy => ({
  title: `¿Reabrir el siniestro ${number}?`,
  description: <p>Vuelve a tramitarse: podrás revisarlo, peritarlo, aceptarlo o rechazarlo.</p>,
  confirmLabel: "Reabrir el siniestro",
  pendingText: "Reabriendo…",
  variant: "primary",
});

export function CloseOrReopenForm({ kind, number, lastResult }: { kind: "close" | "reopen"; number: string; lastResult: LastResult }) {
  return (
    <ConfirmedForm
      id={kind === "close" ? "cerrar" : "reabrir"}
      schema={CLAIM_FORMS[kind]}
      hidden={{ [INTENT_FIELD]: kind }}
      lastResult={lastResult}
      triggerLabel={kind === "close" ? "Cerrar el siniestro…" : "Reabrir el siniestro…"}
      copy={kind === "close" ? closeCopy(number) : reopenCopy(number)}
    >
      {(f) => <Field label="Nota (opcional)" meta={f.note} />}
    </ConfirmedForm>
  );
}

export function MessageForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <ActionForm id="mensaje" intent="message" schema={CLAIM_FORMS.message} lastResult={lastResult} submit="Enviar el mensaje" pendingText="Enviando…">
      {(f) => <TextareaField label="Tu respuesta al cliente" hint="Le llega un aviso por correo. Trátale de usted." meta={f.body} rows={3} />}
    </ActionForm>
  );
}

export function RequestDocumentForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <ActionForm
      id="pedir-documento"
      intent="request"
      schema={CLAIM_FORMS.request}
      lastResult={lastResult}
      submit="Pedir el documento"
      pendingText="Pidiendo…"
    >
      {(f) => (
        <>
          <SelectField
            label="Documento"
            meta={f.kind}
            width="md"
            placeholder="Elige el tipo de documento"
            options={CLAIM_DOCUMENT_KINDS.map((k) => ({ value: k, label: CLAIM_DOCUMENT_KIND_LABELS[k] }))}
          />
          <Field label="Nota para el cliente (opcional)" hint="Por ejemplo, «La factura de la reparación del parqué»." meta={f.note} />
        </>
      )}
    </ActionForm>
  );
}

export function ExpertForm({ lastResult }: { lastResult: LastResult }) {
  return (
    <ActionForm id="perito" intent="expert" schema={CLAIM_FORMS.expert} lastResult={lastResult} submit="Designar al perito" pendingText="Designando…">
      {(f) => (
        <>
          <Field label="Nombre del perito o del gabinete" meta={f.name} inputProps={{ autoComplete: "off" }} />
          <Field
            label="Teléfono"
            type="tel"
            hint="El teléfono o el correo: uno de los dos."
            meta={f.phone}
            width="sm"
            inputProps={{ autoComplete: "off" }}
          />
          <Field label="Correo electrónico" type="email" meta={f.email} inputProps={{ autoComplete: "off", spellCheck: false }} />
          <Field label="Nota (opcional)" meta={f.note} />
        </>
      )}
    </ActionForm>
  );
}
