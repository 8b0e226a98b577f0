import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { formatMoney } from "../../../api/contract/format";
import { MoveLeadBodySchema } from "../../../api/contract/pipeline";
import { LEAD_MESSAGES, LeadPatchBodySchema, NewLeadBodySchema, type LeadOwner } from "../../../api/contract/pipeline-leads";
import { formatTypedDate } from "../../../api/contract/typed-date";
import { LEAD_LOST_REASON_LABELS, LEAD_LOST_REASONS, LEAD_STAGE_LABELS, LEAD_STAGES, LINE_LABELS, LINES } from "../../../api/contract/vocabulary";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DateField, Field, SelectField, TextareaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

/** The page's forms post these fields; the API's schemas check them again. */
export const NewLeadFormSchema = NewLeadBodySchema;
export const LeadEditFormSchema = LeadPatchBodySchema.omit({ ownerId: true });
export const LeadMoveFormSchema = MoveLeadBodySchema;
/** "ninguno" leaves the lead without a commercial: an empty select would send no field at all. */
export const NO_OWNER = "ninguno";
export const LeadOwnerFormSchema = z.object({
  ownerId: z.union([z.literal(NO_OWNER), z.coerce.number().int().positive()], { errorMap: () => ({ message: LEAD_MESSAGES.owner }) }),
});

const euros = (cents: number | null) => (cents === null ? "" : formatMoney(cents).replace(/\s?€$/, ""));

/** /admin/pipeline/nueva: a lead typed by hand. */
export function NewLeadForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({ id: "nueva-oportunidad", schema: NewLeadFormSchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <AuthenticityTokenInput />
      <ErrorSummary
        form={form}
        fields={[
          fields.name,
          fields.email,
          fields.phone,
          fields.line,
          fields.estimatedPremiumCents,
          fields.nextAction,
          fields.nextActionOn,
          fields.notes,
        ]}
      />
      <Field label="Nombre" meta={fields.name} inputProps={{ autoComplete: "off" }} />
      <Field
        label="Correo electrónico"
        type="email"
        hint="El correo o el teléfono: uno de los dos."
        meta={fields.email}
        inputProps={{ autoComplete: "off", spellCheck: false }}
      />
      <Field label="Teléfono" type="tel" meta={fields.phone} width="sm" inputProps={{ autoComplete: "off" }} />
      <SelectField
        label="Seguro"
        meta={fields.line}
        width="sm"
        placeholder="Sin decidir"
        options={LINES.map((l) => ({ value: l, label: LINE_LABELS[l] }))}
      />
      <Field
        label="Prima anual esperada (€)"
        hint="Por ejemplo, 349,90."
        meta={fields.estimatedPremiumCents}
        width="sm"
        inputProps={{ inputMode: "decimal" }}
      />
      <Field label="Próxima acción" hint="Por ejemplo, «Llamar para enviar la cotización»." meta={fields.nextAction} />
      <DateField label="Día de la próxima acción" example="16/03/2026" meta={fields.nextActionOn} />
      <TextareaField label="Notas" meta={fields.notes} />
      <SubmitButton pendingText="Creando oportunidad…" className="mt-6">
        Crear oportunidad
      </SubmitButton>
    </Form>
  );
}

export type EditableLead = { nextAction: string | null; nextActionOn: string | null; notes: string | null; premiumCents: number | null };

/** The lead's next action, its day, notes and expected premium. */
export function LeadEditForm({ lead, lastResult }: { lead: EditableLead; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({
    id: "editar-oportunidad",
    schema: LeadEditFormSchema,
    lastResult,
    defaultValue: {
      nextAction: lead.nextAction ?? "",
      nextActionOn: lead.nextActionOn ? formatTypedDate(lead.nextActionOn) : "",
      notes: lead.notes ?? "",
      estimatedPremiumCents: euros(lead.premiumCents),
    } as never,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.nextAction, fields.nextActionOn, fields.notes, fields.estimatedPremiumCents]} />
      <Field label="Próxima acción" meta={fields.nextAction} />
      <DateField label="Día de la próxima acción" example="16/03/2026" meta={fields.nextActionOn} />
      <Field label="Prima anual esperada (€)" meta={fields.estimatedPremiumCents} width="sm" inputProps={{ inputMode: "decimal" }} />
      <TextareaField label="Notas" meta={fields.notes} />
      <SubmitButton intent="edit" pendingText="Guardando…" className="mt-4">
        Guardar cambios
      </SubmitButton>
    </Form>
  );
}

/** «Mover a»: another stage; perdido with its reason. */
export function LeadMoveForm({ stage, lastResult }: { stage: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({ id: "mover-oportunidad", schema: LeadMoveFormSchema as unknown as z.AnyZodObject, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.stage!, fields.lostReason!]} />
      <SelectField
        label="Mover a"
        meta={fields.stage!}
        width="sm"
        placeholder="Elige una etapa"
        options={LEAD_STAGES.filter((s) => s !== stage).map((s) => ({ value: s, label: LEAD_STAGE_LABELS[s] }))}
      />
      <SelectField
        label="Motivo, si se ha perdido"
        meta={fields.lostReason!}
        width="sm"
        placeholder="Elige un motivo"
        options={LEAD_LOST_REASONS.map((r) => ({ value: r, label: LEAD_LOST_REASON_LABELS[r] }))}
      />
      <SubmitButton intent="move" pendingText="Moviendo…" className="mt-4">
        Mover
      </SubmitButton>
    </Form>
  );
}

/** Reassigning (pipeline:write:any): one of the staff who may own leads, or nobody. */
export function LeadOwnerForm({
  owners,
  ownerId,
  lastResult,
}: {
  owners: readonly LeadOwner[];
  ownerId: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useZodForm({
    id: "comercial-oportunidad",
    schema: LeadOwnerFormSchema,
    lastResult,
    defaultValue: { ownerId: ownerId === null ? NO_OWNER : String(ownerId) } as never,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.ownerId]} />
      <SelectField
        label="Comercial"
        hint="Quien la lleva la ve en «Mis oportunidades»."
        meta={fields.ownerId}
        width="sm"
        options={[{ value: NO_OWNER, label: "Sin comercial" }, ...owners.map((o) => ({ value: String(o.id), label: o.name }))]}
      />
      <SubmitButton intent="owner" pendingText="Cambiando…" className="mt-4">
        Cambiar comercial
      </SubmitButton>
    </Form>
  );
}
