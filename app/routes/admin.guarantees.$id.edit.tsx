import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GuaranteeDetailSchema, GuaranteeEditFormSchema, priceInput } from "../../api/contract/guarantees";
import { LINE_LABELS } from "../../api/contract/vocabulary";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { GuaranteeForm } from "./__admin.guarantee-form";

/** /admin/guarantees/{id}/edit: what the customer reads, the plans, limit and deductible. Line, code and price change elsewhere (ADR 016). */
const ROUTE_ID = "routes/admin.guarantees.$id.edit";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(`Editar ${data?.guarantee.name ?? "garantía"}`, matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const id = positiveIdParam(params.id);
    const guarantee = await api.get(`/admin/guarantees/${id}`, { schema: GuaranteeDetailSchema, signal: request.signal });
    return { guarantee };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const body = form.parse(GuaranteeEditFormSchema, { fields: ["name", "description", "hint", "includedIn", "optionalIn", "limitText"] });
    const updated = await api.patch(`/admin/guarantees/${id}`, { body, schema: GuaranteeDetailSchema });
    return redirectWithToast(`/admin/guarantees/${id}`, {
      type: "success",
      title: "Datos guardados",
      description: `Los cambios de ${updated.name} quedan en el historial.`,
    });
  });

export default function EditGuaranteePage() {
  const { guarantee: g } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const back = `/admin/guarantees/${g.id}`;
  return (
    <div className="max-w-3xl">
      <BackLink to={back}>{g.name}</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Editar garantía</h1>
      <p className="mt-1 text-slate-700">
        {LINE_LABELS[g.line]} · <span className="font-mono">{g.code}</span>. El ramo y el código no cambian; el precio se cambia desde la ficha, con
        su fecha de efecto. Cada cambio queda registrado con su valor anterior.
      </p>
      <GuaranteeForm
        mode="edit"
        linePlans={[{ line: g.line, plans: g.linePlans }]}
        lastResult={lastResult}
        cancelTo={back}
        defaultValue={{
          line: g.line,
          code: g.code,
          name: g.name,
          description: g.description,
          hint: g.hint ?? "",
          includedIn: g.includedIn.map((p) => p.code),
          optionalIn: g.optionalIn.map((p) => p.code),
          limit: g.limitCents === null ? "" : priceInput("fixed", g.limitCents),
          limitText: g.limitText ?? "",
          deductible: priceInput("fixed", g.deductibleCents),
          waitingDays: String(g.waitingDays),
        }}
      />
    </div>
  );
}
