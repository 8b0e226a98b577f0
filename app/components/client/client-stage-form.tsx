import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { MoveClientBodySchema } from "../../../api/contract/pipeline";
import { CLIENT_STAGE_LABELS, CLIENT_STAGES, type ClientStage } from "../../../api/contract/vocabulary";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SelectField, TextareaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

/**
 * Moving a client in the client pipeline by hand, from their page (ADR 041 «Clientes»): always
 * with the reason, which the client's timeline shows. The board's cards move the same way; this
 * form reaches a client whatever lane they are in (a lane shows only its newest cards).
 */
export function ClientStageForm({ stage, lastResult }: { stage: ClientStage; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({ id: "mover-cliente", schema: MoveClientBodySchema, lastResult });
  return (
    <details className="mt-4 max-w-xl" open={Boolean(lastResult) || undefined}>
      <summary className="cursor-pointer text-blue-800 underline">Mover en el embudo de clientes</summary>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={[fields.stage, fields.reason]} />
        <SelectField
          label="Nueva etapa"
          meta={fields.stage}
          width="sm"
          placeholder="Elige una etapa"
          options={CLIENT_STAGES.filter((value) => value !== stage).map((value) => ({ value, label: CLIENT_STAGE_LABELS[value] }))}
        />
        <TextareaField label="Motivo" hint="Se verá en el historial del cliente." meta={fields.reason} rows={2} width="full" className="mt-4" />
        <SubmitButton intent="stage" pendingText="Moviendo…" className="mt-4">
          Mover
        </SubmitButton>
      </Form>
    </details>
  );
}
