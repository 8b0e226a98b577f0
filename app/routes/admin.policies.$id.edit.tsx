import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPolicySchema, PolicyEditFormSchema } from "../../api/contract/admin-policies";
import { PolicyNumber } from "~/components/policy/policy-number";
import { BackLink } from "~/components/ui/back-link";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { FormFooter } from "~/components/admin/form-footer";
import { useZodForm } from "~/components/ui/use-zod-form";
import { loadAdminPolicy } from "~/lib/admin-policies.server";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/policies/{id}/edit: what can change without changing the price — the car's registration
 * or the dwelling's address (in the same postal code), and the IBAN of the next SEPA recibos. The
 * API checks them again and keeps the before and after; the policyholder's contact data are the
 * client's (their own edit page).
 */
const ROUTE_ID = "routes/admin.policies.$id.edit";
const FIELDS = ["registration", "riskAddress.street", "riskAddress.door", "riskAddress.city", "iban"] as const;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(`Modificar la póliza ${data?.data.policy.number ?? ""}`, matches) },
];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, async (context) => loadAdminPolicy(context, ROUTE_ID));

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const values = form.parse(PolicyEditFormSchema, { fields: [...FIELDS] });
    const updated = await api.patch(`/admin/policies/${id}`, { body: values, schema: AdminPolicySchema });
    return redirectWithToast(`/admin/policies/${id}`, {
      type: "success",
      title: "Póliza modificada",
      description: `Los cambios de la póliza ${updated.policy.number} quedan en su historial.`,
    });
  });

export default function EditPolicyPage() {
  const { data } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { policy } = data;
  const risk = policy.risk as {
    registration?: string;
    postalCode?: string;
    riskAddress?: { street?: string; door?: string; city?: string; postalCode?: string };
  };
  const isCar = policy.line === "auto";
  const postalCode = risk.riskAddress?.postalCode ?? risk.postalCode ?? "";
  const [form, fields] = useZodForm({
    id: "modificar-poliza",
    schema: PolicyEditFormSchema,
    lastResult,
    defaultValue: isCar
      ? { registration: risk.registration ?? "" }
      : {
          riskAddress: { street: risk.riskAddress?.street ?? "", door: risk.riskAddress?.door ?? "", postalCode, city: risk.riskAddress?.city ?? "" },
        },
  });
  const address = fields.riskAddress.getFieldset();
  const back = `/admin/policies/${policy.id}`;
  return (
    <div className="max-w-3xl">
      <BackLink to={back}>{`Póliza ${policy.number}`}</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">
        Modificar la póliza <PolicyNumber number={policy.number} />
      </h1>
      {/* prettier-ignore */}
      <p className="mt-1 text-slate-700">
        Aquí se cambia lo que no cambia la prima. Un cambio de plan, garantías, forma de pago o de los datos que tarifican necesita un suplemento. Los datos de contacto del
        tomador se cambian en <Link to={`/admin/clients/${data.clientId}/edit`} className="underline">
          su ficha de cliente
        </Link>
        .
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={[fields.registration, address.street, address.door, address.city, fields.iban]} />
        {isCar ? (
          <Field
            label="Matrícula del vehículo"
            hint="Por ejemplo, 1234 BCD o M-1234-AB."
            meta={fields.registration}
            width="sm"
            inputProps={{ autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
          />
        ) : (
          <fieldset className="mt-6">
            <legend className="text-lg font-semibold">Dirección de la vivienda asegurada</legend>
            <Field label="Calle y número" meta={address.street} width="lg" inputProps={{ autoComplete: "off" }} />
            <Field label="Piso y puerta (opcional)" meta={address.door} width="sm" inputProps={{ autoComplete: "off" }} />
            <input type="hidden" name={address.postalCode.name} value={postalCode} />
            <p className="mt-4 text-slate-700">
              Código postal: <strong>{postalCode}</strong> (el de la tarificación; una vivienda en otro código postal necesita un suplemento).
            </p>
            <Field label="Población" meta={address.city} width="md" inputProps={{ autoComplete: "off" }} />
          </fieldset>
        )}
        <Field
          label="IBAN para los próximos recibos (opcional)"
          hint={`Se comprueba su dígito de control; la póliza pasará a pagarse por domiciliación.${data.payment.iban ? ` Ahora: ${data.payment.iban}.` : ""}`}
          meta={fields.iban}
          width="lg"
          inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
        />
        <FormFooter cancelTo={back} />
      </Form>
    </div>
  );
}
