import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  ReturnImportListQuerySchema,
  ReturnImportListSchema,
  ReturnImportResultSchema,
  ReturnUploadFormSchema,
  type ReturnImportRefusal,
  type ReturnLineError,
} from "../../api/contract/returns";
import { ListView } from "~/components/list/list-view";
import { RETURN_IMPORT_COLUMNS, RETURN_IMPORT_FILTERS } from "~/components/payment/return-import-list-columns";
import { RETURNS_PATH, returnImportPath } from "~/components/payment/return-lines";
import { ReturnUploadSection, type ReturnUploadReply } from "~/components/payment/return-upload-form";
import { readListPage } from "~/lib/admin-list.server";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { ApiError } from "~/lib/api.server";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/payments/returns: the bank's return files (ADR 030). Upload one (a multipart form that
 * works without JavaScript), and the imports made so far on the list kit (ADR 010); each opens on its lines.
 */
const ROUTE_ID = "routes/admin.payments.returns._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Devoluciones del banco", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => ({
    ...(await readListPage(ctx, RETURNS_PATH, ReturnImportListQuerySchema, ReturnImportListSchema)),
    canImport: canOpen(ctx.admin.role.permissions, ROUTE_ID, "action"),
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

export default function ReturnImportsPage() {
  const { list, filters, filterResult, canImport } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ReturnUploadReply | undefined;

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Devoluciones del banco</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Importe el fichero de devoluciones que envía el banco. Cada devolución deja el recibo devuelto con el motivo del banco, le suma los gastos
          de devolución que digan los ajustes y avisa al tomador por correo para que lo pague.
        </p>
      </header>

      {canImport ? <ReturnUploadSection reply={reply} /> : null}

      <section aria-labelledby="importaciones-titulo" className="space-y-3">
        <h2 id="importaciones-titulo" className="text-xl font-bold">
          Ficheros importados
        </h2>
        <ListView
          list={list}
          itemsLabel="importaciones"
          caption="Ficheros de devoluciones importados"
          columns={RETURN_IMPORT_COLUMNS}
          rowKey={(i) => i.id}
          minWidth="48rem"
          empty={<p>Todavía no se ha importado ningún fichero de devoluciones.</p>}
          filters={{
            id: "filtros-devoluciones",
            label: "Filtrar importaciones",
            defs: RETURN_IMPORT_FILTERS,
            values: filters,
            lastResult: filterResult,
          }}
        />
      </section>
    </div>
  );
}
