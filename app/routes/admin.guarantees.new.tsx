import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GuaranteeCreateFormSchema, GuaranteeDetailSchema } from "../../api/contract/guarantees";
import { ProductLineListSchema } from "../../api/contract/site";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { GuaranteeForm } from "./__admin.guarantee-form";

/** /admin/guarantees/new: a guarantee with its plans and its first price (in force today). */
const ROUTE_ID = "routes/admin.guarantees.new";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nueva garantía", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, request }) => {
    const { lines } = await api.get("/public/lines", { schema: ProductLineListSchema, signal: request.signal });
    return { linePlans: lines.map((l) => ({ line: l.code, plans: l.plans })) };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    const body = form.parse(GuaranteeCreateFormSchema, {
      fields: ["line", "code", "name", "description", "hint", "includedIn", "optionalIn", "priceType", "limitText", "active"],
    });
    const created = await api.post("/admin/guarantees", { body, schema: GuaranteeDetailSchema });
    return redirectWithToast(`/admin/guarantees/${created.id}`, {
      type: "success",
      title: "Garantía creada",
      description: created.active
        ? `${created.name} ya se ofrece en las cotizaciones nuevas.`
        : `${created.name} está desactivada: no se ofrece todavía.`,
    });
  });

export default function NewGuaranteePage() {
  const { linePlans } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <BackLink to="/admin/guarantees">Garantías</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Nueva garantía</h1>
      <p className="mt-1 text-slate-700">Su primer precio se aplica desde hoy a las cotizaciones nuevas.</p>
      <GuaranteeForm mode="new" linePlans={linePlans} lastResult={lastResult} cancelTo="/admin/guarantees" />
    </div>
  );
}
