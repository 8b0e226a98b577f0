import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatDateTime, isoDateTime } from "../../../api/contract/format";
import { DOCUMENT_KIND_LABELS } from "../../../api/contract/vocabulary";
import { formatFileSize, UPLOAD_MAX_TEXT, UploadFormSchema, type EntityDocuments } from "../../../api/contract/uploads";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminDocumentPaths } from "~/lib/document-paths";

/**
 * The stored documents of a policy or a client on its page (ADR 037): the newest few with their
 * downloads, a link to all of them in the documents list, and the upload form.
 */
export function StoredDocumentList({ documents, allHref }: { documents: EntityDocuments; allHref: string }) {
  if (documents.items.length === 0) return <p className="mt-2 text-slate-700">No hay documentos guardados ni subidos todavía.</p>;
  return (
    <>
      <ul className="mt-2 space-y-2">
        {documents.items.map((d) => (
          <li key={d.id} className="break-words">
            <a href={adminDocumentPaths.stored(d.id)}>{d.title}</a>
            <span className="text-slate-700">
              {` (${DOCUMENT_KIND_LABELS[d.kind]}, ${d.filename}, ${formatFileSize(d.sizeBytes)}; `}
              <time dateTime={isoDateTime(d.createdAt)}>{formatDateTime(d.createdAt)}</time>
              {`${d.createdBy ? `, ${d.createdBy}` : ""})`}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <a href={allHref}>Ver todos los documentos ({documents.total})</a>
      </p>
    </>
  );
}

/** The upload: a multipart POST to its own route that works without JavaScript; the title stays after a refusal. */
export function DocumentUploadForm({
  action,
  lastResult,
  headingLevel = 3,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]>;
  headingLevel?: 2 | 3;
}) {
  const [form, fields] = useZodForm({ id: "subir-documento", schema: UploadFormSchema, lastResult });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="mt-4 max-w-xl">
      <Heading className="text-lg font-bold">Subir un documento firmado</Heading>
      <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} className="mt-2 space-y-4">
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={[fields.title, fields.file]} title="No se ha subido el documento" />
        <Field label="Título" hint="Lo que es, p. ej. «Mandato SEPA firmado» o «DNI del tomador»." meta={fields.title} width="lg" />
        <Field
          label="Fichero"
          hint={`PDF, JPEG o PNG de ${UPLOAD_MAX_TEXT} como máximo. Se comprueba su contenido, no solo su nombre.`}
          type="file"
          meta={fields.file}
          width="lg"
          inputProps={{ accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" }}
        />
        <SubmitButton pendingText="Subiendo…">Subir documento</SubmitButton>
      </Form>
    </div>
  );
}

/** The documents section's stored part: the list when the person may read documents, the form when they may upload. */
export function EntityDocumentsPanel({
  documents,
  allHref,
  uploadHref,
  children,
}: {
  documents: EntityDocuments | null;
  allHref: string;
  uploadHref: string | null;
  children?: ReactNode;
}) {
  if (!documents && !uploadHref) return null;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-bold">Guardados y subidos</h3>
      {children}
      {documents ? <StoredDocumentList documents={documents} allHref={allHref} /> : null}
      {uploadHref ? <DocumentUploadForm action={uploadHref} /> : null}
    </div>
  );
}
