import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ReturnUploadFormSchema, type ReturnLineError } from "../../../api/contract/returns";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ReturnErrorsTable } from "./return-lines";

/** The upload's reply: the form's errors and, for a refused file, each line's (ADR 030). */
export type ReturnUploadReply = { result: SubmissionResult<string[]>; lineErrors: ReturnLineError[] };

/** /admin/payments/returns' upload: a multipart POST that works without JavaScript, and what files it takes. */
export function ReturnUploadSection({ reply }: { reply: ReturnUploadReply | undefined }) {
  const [form, fields] = useZodForm({ id: "importar-devoluciones", schema: ReturnUploadFormSchema, lastResult: reply?.result });
  return (
    <section aria-labelledby="importar-titulo" className="max-w-3xl">
      <h2 id="importar-titulo" className="text-xl font-bold">
        Importar un fichero
      </h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={[fields.file]} title="No se ha importado el fichero" />
        {reply?.lineErrors?.length ? <ReturnErrorsTable errors={reply.lineErrors} /> : null}
        <Field
          label="Fichero de devoluciones"
          hint="pain.002 (XML) o CSV, de 1 MB como máximo."
          type="file"
          meta={fields.file}
          width="lg"
          inputProps={{ accept: ".csv,.txt,.xml,text/csv,text/plain,application/xml,text/xml" }}
        />
        <SubmitButton pendingText="Importando…">Importar devoluciones</SubmitButton>
      </Form>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold">Qué ficheros se admiten</summary>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          <li>
            <strong>pain.002.001.03</strong> (informe de estado de pagos, XML): cada operación rechazada (TxSts RJCT) con su referencia
            (OrgnlEndToEndId) y su código de devolución. Debe responder a una de nuestras remesas y, si indica el acreedor, ser el nuestro.
          </li>
          <li>
            <strong>CSV</strong>, con una cabecera y una devolución por línea: <code>referencia_adeudo;codigo_devolucion;fecha;importe</code>. La
            referencia y el código son obligatorios; la fecha (dd/mm/aaaa) y el importe (120,00) son opcionales y, si vienen, el importe debe
            coincidir con el del adeudo. Separado por punto y coma o por coma, en UTF-8 o Latin-1.
          </li>
          <li>
            Códigos de devolución: los del reglamento SEPA (AM04 fondos insuficientes, AC04 cuenta cancelada, MD06 reembolso solicitado por el
            deudor…). Un código desconocido es un error de su línea.
          </li>
          <li>
            Si una línea tiene un error, o no corresponde a ningún adeudo de nuestras remesas, no se aplica nada del fichero: la página lista el error
            de cada línea. Importar dos veces el mismo fichero no cambia nada la segunda vez.
          </li>
        </ul>
      </details>
    </section>
  );
}
