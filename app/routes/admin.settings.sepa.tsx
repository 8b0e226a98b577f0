import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SepaCreditorFormSchema, SepaCreditorSchema } from "../../api/contract/remittances";
import { FormFooter } from "~/components/admin/form-footer";
import { BackLink } from "~/components/ui/back-link";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/settings/sepa: the creditor of the SEPA remittances (name, creditor identifier, IBAN, BIC), ADR 029. */
const ROUTE_ID = "routes/admin.settings.sepa";
const FIELDS = ["name", "creditorId", "iban", "bic"] as const;

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Acreedor SEPA", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, admin, request }) => ({
    creditor: await api.get("/admin/settings/sepa-creditor", { schema: SepaCreditorSchema, signal: request.signal }),
    canEdit: canOpen(admin.role.permissions, ROUTE_ID, "action"),
  }));

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    const body = form.parse(SepaCreditorFormSchema, { fields: FIELDS });
    await api.put("/admin/settings/sepa-creditor", { body, schema: SepaCreditorSchema });
    return redirectWithToast("/admin/settings/sepa", {
      type: "success",
      title: "Acreedor SEPA guardado",
      description: "Las próximas remesas se generan con estos datos.",
    });
  });

export default function SepaCreditorPage() {
  const { creditor, canEdit } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({ id: "acreedor-sepa", schema: SepaCreditorFormSchema, lastResult, defaultValue: creditor });
  return (
    <div className="max-w-3xl">
      <BackLink to="/admin/settings">Configuración</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Acreedor SEPA</h1>
      <p className="mt-1 text-slate-700">
        {"Quién cobra los recibos domiciliados: figura en cada fichero de remesa (pain.008) que se envía al banco. Ver las "}
        <Link to="/admin/payments/remittances">remesas</Link>.
      </p>
      {canEdit ? (
        <Form method="post" {...getFormProps(form)} className="mt-2">
          <AuthenticityTokenInput />
          <ErrorSummary form={form} fields={FIELDS.map((name) => fields[name])} />
          <Field label="Nombre del acreedor" hint="Hasta 70 caracteres; las tildes se quitan en el fichero." meta={fields.name} width="lg" />
          <Field
            label="Identificador de acreedor"
            hint="ES, dos dígitos de control, el código de negocio (normalmente ZZZ) y el NIF. Por ejemplo, ES11ZZZB12345674."
            meta={fields.creditorId}
            width="md"
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
          />
          <Field label="IBAN de abono" meta={fields.iban} width="md" inputProps={{ autoComplete: "off", spellCheck: false }} />
          <Field
            label="BIC"
            hint="8 u 11 caracteres, por ejemplo CAIXESBBXXX."
            meta={fields.bic}
            width="sm"
            inputProps={{ autoComplete: "off", spellCheck: false }}
          />
          <FormFooter cancelTo="/admin/settings" />
        </Form>
      ) : (
        <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold text-slate-700">Nombre</dt>
          <dd>{creditor.name}</dd>
          <dt className="font-semibold text-slate-700">Identificador de acreedor</dt>
          <dd>{creditor.creditorId}</dd>
          <dt className="font-semibold text-slate-700">IBAN de abono</dt>
          <dd>{creditor.iban}</dd>
          <dt className="font-semibold text-slate-700">BIC</dt>
          <dd>{creditor.bic}</dd>
        </dl>
      )}
    </div>
  );
}
