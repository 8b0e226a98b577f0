import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ChosenClient } from "~/components/phone-sale/chosen-client";
import { ClientAndRisk } from "~/components/phone-sale/client-and-risk";
import { OfferStep } from "~/components/phone-sale/offer-step";
import { PhoneSaleSteps } from "~/components/phone-sale/phone-sale-steps";
import { PlanChooser } from "~/components/phone-sale/plan-chooser";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { loadPhoneSale, sellByPhone } from "~/lib/phone-sale.server";

/**
 * /admin/policies/new: staff sell a policy to a customer on the phone, in three steps that each
 * live in the URL (so the page works without JavaScript and a step can be reloaded or shared):
 *   1. the client (searched, or new: their data are asked in step 3) and the rating questions of
 *      the line — the public /cotizar's own form; POST prices it (POST /admin/policies/quotes);
 *   2. ?cotizacion=…: the plans of that quote with their extras and the payment frequency (GET);
 *   3. ?cotizacion=…&plan=…: the public checkout form with the customer's e-mail and the consents
 *      as given on the phone; POST issues the policy (POST /admin/policies) and opens it.
 * The API prices and checks out exactly as for the public site (ADR 013). The forms are the public
 * site's; the back office's layout makes them speak "tú" (VoiceProvider in admin.tsx). What each
 * step reads and does is in ~/lib/phone-sale.server.ts, each step's page in ~/components/phone-sale/.
 */
const ROUTE_ID = "routes/admin.policies.new";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nueva póliza por teléfono", matches) }];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, (admin) => loadPhoneSale(admin));

export const action = (args: ActionFunctionArgs) => adminAction(args, ROUTE_ID, (admin) => sellByPhone(admin));

export default function NewPolicyPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="max-w-3xl">
      <BackLink to="/admin/policies">Pólizas</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Nueva póliza por teléfono</h1>
      <p className="mt-1 text-slate-700">
        Mismo precio y mismas condiciones que en la web. La póliza queda registrada como vendida por teléfono, con tu usuario.
      </p>
      <PhoneSaleSteps current={data.step} />
      <ChosenClient data={data} />
      {data.step === 1 ? <ClientAndRisk data={data} lastResult={lastResult} /> : null}
      {data.step === 2 ? <PlanChooser data={data} /> : null}
      {data.step === 3 ? <OfferStep data={data} lastResult={lastResult} /> : null}
    </div>
  );
}
