import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatMoment } from "../../api/contract/format";
import {
  ReturnImportListSchema,
  ReturnImportResultSchema,
  ReturnUploadFormSchema,
  type ReturnImportRefusal,
  type ReturnImportSummary,
  type ReturnLineError,
} from "../../api/contract/returns";
import { DataTable, type Column } from "~/components/list/data-table";
import { RETURNS_PATH, ReturnErrorsTable, returnImportPath } from "~/components/payments/return-lines";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { ApiError } from "~/lib/api.server";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/payments/returns: the bank's return files (ADR 030). Upload one (a multipart form that
 * works without JavaScript), and the imports made so far; each opens on its lines.
 */
const ROUTE_ID = "routes/admin.payments.returns._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Devoluciones del banco", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, request }) => ({
    imports: (await api.get(RETURNS_PATH, { schema: ReturnImportListSchema, signal: request.signal })).items,
    canImport: canOpen(admin.role.permissions, ROUTE_ID, "action"),
  }));

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    // The refused file's lines, shown under the form's error summary.
    let lineErrors: ReturnLineError[] = [];
    const { file } = form.parse(ReturnUploadFormSchema, { wrap: (result) => ({ result, lineErrors }) });
    const contentBase64 = Buffer.from(await file.arrayBuffer()).toString("base64");
    try {
      const answer = await api.post(RETURNS_PATH, {
        body: { fileName: file.name || "devoluciones", contentBase64 },
        schema: ReturnImportResultSchema,
      });
      return redirectWithToast(returnImportPath(answer.import.id), {
        type: answer.repeated ? "warning" : "success",
        title: answer.repeated ? "Fichero ya importado" : "Devoluciones importadas",
        description: answer.message,
        durationMs: 10_000,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      const refusal = error.body as unknown as ReturnImportRefusal;
      lineErrors = refusal.lineErrors ?? [];
      return form.fail({ formErrors: [refusal.error] });
    }
  });

const IMPORT_COLUMNS: Column<ReturnImportSummary>[] = [
  {
    id: "file",
    header: "Fichero",
    rowHeader: true,
    cell: (i) => (
      <Link to={returnImportPath(i.id)} className="link">
        {i.fileName}
      </Link>
    ),
  },
  { id: "format", header: "Formato", cell: (i) => (i.format === "csv" ? "CSV" : "pain.002") },
  { id: "at", header: "Importado", cell: (i) => `${formatMoment(i.createdAt)}${i.createdByLabel ? ` por ${i.createdByLabel}` : ""}` },
  { id: "lines", header: "Líneas", cell: (i) => i.lineCount, align: "end" },
  { id: "applied", header: "Devueltos", cell: (i) => i.applied, align: "end" },
  { id: "again", header: "Ya devueltos", cell: (i) => i.alreadyReturned, align: "end" },
];

export default function ReturnImportsPage() {
  const { imports, canImport } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as
    { result: Parameters<typeof useZodForm>[0]["lastResult"]; lineErrors: ReturnLineError[] } | undefined;
  const [form, fields] = useZodForm({ id: "importar-devoluciones", schema: ReturnUploadFormSchema, lastResult: reply?.result });

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Devoluciones del banco</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Importe el fichero de devoluciones que envía el banco. Cada devolución deja el recibo devuelto con el motivo del banco, le suma los gastos
          de devolución que digan los ajustes y avisa al tomador por correo para que lo pague.
        </p>
      </header>

      {canImport ? (
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
                Si una línea tiene un error, o no corresponde a ningún adeudo de nuestras remesas, no se aplica nada del fichero: la página lista el
                error de cada línea. Importar dos veces el mismo fichero no cambia nada la segunda vez.
              </li>
            </ul>
          </details>
        </section>
      ) : null}

      <section aria-labelledby="importaciones-titulo">
        <h2 id="importaciones-titulo" className="text-xl font-bold">
          Ficheros importados
        </h2>
        <div className="mt-3">
          <DataTable
            caption="Ficheros de devoluciones importados, los más recientes primero"
            columns={IMPORT_COLUMNS}
            rows={imports}
            rowKey={(i) => i.id}
            minWidth="48rem"
            empty={<p>Todavía no se ha importado ningún fichero de devoluciones.</p>}
          />
        </div>
      </section>
    </div>
  );
}
