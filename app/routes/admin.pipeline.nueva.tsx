import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { z } from "zod";
import { NewLeadForm, NewLeadFormSchema } from "~/components/pipeline/lead-forms";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/pipeline/nueva: a lead typed by hand (a call, a contact); the creator owns it. */
const ROUTE_ID = "routes/admin.pipeline.nueva";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nueva oportunidad", matches) }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, async () => ({}));

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    const values = form.parse(NewLeadFormSchema);
    const created = await api.post("/admin/pipeline/leads", { body: values, schema: z.object({ id: z.number(), merged: z.boolean() }) });
    return redirectWithToast(`/admin/pipeline/${created.id}`, {
      type: "success",
      title: created.merged ? "Unida a una oportunidad abierta" : "Oportunidad creada",
      description: created.merged
        ? "Ya había una abierta del mismo seguro con ese correo o teléfono: se han añadido los datos que faltaban."
        : undefined,
    });
  });

export default function NewLeadPage() {
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="nueva-oportunidad-titulo" className="max-w-xl">
      <BackLink to="/admin/pipeline">Embudo comercial</BackLink>
      <h1 id="nueva-oportunidad-titulo" className="mt-4 text-2xl font-bold tracking-tight">
        Nueva oportunidad
      </h1>
      <NewLeadForm lastResult={lastResult} />
    </section>
  );
}
