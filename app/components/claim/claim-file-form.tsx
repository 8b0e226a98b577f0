import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ClaimFileKindSchema } from "../../../api/contract/admin-claims";
import { CLAIM_DOCUMENT_KIND_LABELS, CLAIM_DOCUMENT_KINDS } from "../../../api/contract/claim-vocabulary";
import { UPLOAD_MAX_TEXT, UploadFormSchema } from "../../../api/contract/uploads";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

/** A file the handler adds to a claim: its kind (the perito's report by default) and the file, checked as ADR 037's uploads are. */
export const ClaimFileFormSchema = UploadFormSchema.omit({ title: true }).extend({ kind: ClaimFileKindSchema });

export const claimUploadPath = (id: number) => `/admin/claims/${id}/subir`;

export function ClaimFileForm({ claimId, lastResult }: { claimId: number; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm({ id: "subir-fichero", schema: ClaimFileFormSchema, lastResult, defaultValue: { kind: "informe_pericial" } });
  return (
    <Form method="post" action={claimUploadPath(claimId)} encType="multipart/form-data" {...getFormProps(form)} className="space-y-1">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.kind, fields.file]} title="No se ha subido el fichero" />
      <SelectField
        label="Tipo de documento"
        meta={fields.kind}
        width="md"
        options={CLAIM_DOCUMENT_KINDS.map((k) => ({ value: k, label: CLAIM_DOCUMENT_KIND_LABELS[k] }))}
      />
      <Field
        label="Fichero"
        hint={`PDF, JPEG o PNG de ${UPLOAD_MAX_TEXT} como máximo. Se comprueba su contenido, no solo su nombre.`}
        type="file"
        meta={fields.file}
        width="lg"
        inputProps={{ accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" }}
      />
      <SubmitButton pendingText="Subiendo…" className="mt-3">
        Subir el fichero
      </SubmitButton>
    </Form>
  );
}
