import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CLAIM_DOCUMENT_KIND_LABELS, CLAIM_DOCUMENT_KINDS, type ClaimDocumentKind } from "../../../api/contract/claim-vocabulary";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { notCheckedHere, useValidateChanged, useValidatorOnFirstUse, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { SubmitButton } from "~/components/ui/submit-button";

const loadValidator = () => import("./claim-validation");
const KIND_OPTIONS = CLAIM_DOCUMENT_KINDS.filter((k) => k !== "informe_pericial").map((k) => ({ value: k, label: CLAIM_DOCUMENT_KIND_LABELS[k] }));

/**
 * A photo or document for a claim or its draft (issue 26): what it is and the file, a multipart
 * POST to the page that works without JavaScript (the web checks the size, the API the type by
 * content). Answering a document the handler asked for, the kind is the one asked (`request`).
 */
export function ClaimUploadForm({
  id,
  heading,
  lastResult,
  defaultKind = "foto",
  request,
  submitLabel = "Enviar fichero",
  maxText,
}: {
  id: string;
  heading: string;
  lastResult?: SubmissionResult<string[]>;
  defaultKind?: ClaimDocumentKind;
  request?: { id: number; kind: ClaimDocumentKind };
  submitLabel?: string;
  /** The size limit as the hint says it ("10 MB"), from the loader (the limit is the API's). */
  maxText: string;
}) {
  const validator = useValidatorOnFirstUse(id, loadValidator);
  const [form, fields] = useForm<{ kind: string; file: File; requestId: string }, unknown>({
    id,
    lastResult,
    defaultValue: { kind: request?.kind ?? defaultKind },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => validator.current?.validateUpload(formData) ?? notCheckedHere(formData),
  });
  useValidateChanged(form);
  return (
    <div className="mt-6 max-w-xl">
      <h3 className="text-lg font-bold">{heading}</h3>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="mt-2">
        <AuthenticityTokenInput />
        {/* The intent as a field, not the button's value (a text browser shows a button's value). */}
        <input type="hidden" name="intent" value="subir" />
        <ErrorSummary form={form} fields={request ? [fields.file] : [fields.kind, fields.file]} title="No se ha añadido el fichero" />
        {request ? (
          <>
            <input type="hidden" name="kind" value={request.kind} />
            <input type="hidden" name="requestId" value={request.id} />
          </>
        ) : (
          <SelectField meta={fields.kind} label="Qué es" options={KIND_OPTIONS} width="lg" className="mt-2" />
        )}
        <Field
          label="Fichero"
          hint={`Una foto o un documento en PDF, JPEG o PNG, de ${maxText} como máximo.`}
          type="file"
          meta={fields.file}
          width="lg"
          className="mt-4"
          inputProps={{ accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" }}
        />
        <div className="mt-4">
          <SubmitButton pendingText="Enviando…">{submitLabel}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
