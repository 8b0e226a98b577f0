import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ClientDataSchema, ClientDetailSchema, ClientFormSchema, toClientPatch } from "../../api/contract/clients";
import { BackLink } from "~/components/ui/back-link";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DateField, Field } from "~/components/ui/field";
import { FormFooter } from "~/components/admin/form-footer";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { formatTypedDate } from "~/lib/typed-date";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/clients/{id}/edit: the client's data in one form; the API checks them again and audits the change. */
const ROUTE_ID = "routes/admin.clients.$id.edit";
const FIELDS = ["name", "nif", "birthDate", "email", "phone", "address", "postalCode", "city"] as const;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(`Editar ${data?.client.name ?? "cliente"}`, matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request, headers }) => {
    const id = positiveIdParam(params.id);
    const { client, erasedAt } = await api.get(`/admin/clients/${id}`, { schema: ClientDetailSchema, signal: request.signal });
    if (erasedAt) {
      throw redirectWithToast(
        `/admin/clients/${id}`,
        { type: "warning", title: "Cliente anonimizado", description: "Sus datos ya no se pueden editar." },
        { headers },
      );
    }
    return { client };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const values = form.parse(ClientFormSchema, { fields: FIELDS });
    const client = await api.patch(`/admin/clients/${id}`, { body: toClientPatch(values), schema: ClientDataSchema });
    return redirectWithToast(`/admin/clients/${id}`, {
      type: "success",
      title: "Datos guardados",
      description: `Los cambios de ${client.name} quedan en el historial.`,
    });
  });

export default function EditClientPage() {
  const { client } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "editar-cliente",
    schema: ClientFormSchema,
    lastResult,
    defaultValue: {
      name: client.name,
      nif: client.nif ?? "",
      birthDate: client.birthDate ? formatTypedDate(client.birthDate) : "",
      email: client.email ?? "",
      phone: client.phone ?? "",
      address: client.address ?? "",
      postalCode: client.postalCode ?? "",
      city: client.city ?? "",
    },
  });
  const back = `/admin/clients/${client.id}`;
  return (
    <div className="max-w-3xl">
      <BackLink to={back}>{client.name}</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Editar datos del cliente</h1>
      <p className="mt-1 text-slate-700">Deja en blanco lo que no se sepa. Cada cambio queda registrado con su valor anterior.</p>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={FIELDS.map((name) => fields[name])} />
        <Field label="Nombre y apellidos" meta={fields.name} width="lg" inputProps={{ autoComplete: "off" }} />
        <Field
          label="NIF/NIE"
          hint="Con su letra, por ejemplo 12345678Z."
          meta={fields.nif}
          width="sm"
          inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }}
        />
        <DateField label="Fecha de nacimiento" meta={fields.birthDate} example="15/04/1985" />
        <Field label="Correo electrónico" type="email" meta={fields.email} width="lg" inputProps={{ autoComplete: "off", spellCheck: false }} />
        <Field
          label="Teléfono"
          type="tel"
          hint="Por ejemplo, 600 123 456 o +34 600 123 456."
          meta={fields.phone}
          width="sm"
          inputProps={{ autoComplete: "off" }}
        />
        <Field label="Dirección" meta={fields.address} width="lg" inputProps={{ autoComplete: "off" }} />
        <Field label="Código postal" meta={fields.postalCode} width="xs" inputProps={{ autoComplete: "off", inputMode: "numeric" }} />
        <Field label="Población" meta={fields.city} width="md" inputProps={{ autoComplete: "off" }} />
        <FormFooter cancelTo={back} />
      </Form>
    </div>
  );
}
