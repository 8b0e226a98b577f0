import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EndorsementSchema } from "../../api/contract/endorsements";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { AddGuarantees } from "~/components/endorsement/add-guarantees";
import { ChoosePolicy } from "~/components/endorsement/choose-policy";
import { PublicCatalogue } from "~/components/endorsement/guarantee-catalogue";
import { apiClient } from "~/lib/api.server";
import { endorsementBody, EndorsementFormSchema } from "~/lib/endorsement-form";
import type { GuaranteesPageData } from "~/lib/endorsement-page";
import { endorsementRefusal, guaranteesPage } from "~/lib/endorsement-page.server";
import { siteTitle } from "~/lib/page-title";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

/**
 * /garantias. A signed-in customer with a policy in force adds guarantees to it (a suplemento):
 * step 1 is a GET form (which guarantees, from what date) whose answer shows the price of the
 * choice for the days left; step 2 is the POST that accepts the updated IPID and pays (card now,
 * or a recibo through the policy's direct debit), then /garantia-confirmada. Both work without
 * JavaScript. Anyone else sees the guarantees of each line and in which plans they are included,
 * with links to get a quote and to sign in.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  // "Error: " after a refused POST (matches) or when the GET form's answer shows a problem.
  { title: siteTitle(data?.mode === "customer" ? "Añadir garantías" : "Garantías", data?.mode === "customer" && data.problem ? true : matches) },
  ...(data?.mode === "customer" ? [{ name: "robots", content: "noindex" }] : []),
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// The catalogue is the same for everyone, but the page carries the session's cookies: never shared.
export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context, url, getVisitor }) => guaranteesPage(request, context, await getVisitor(), url), { private: true });

type ActionAnswer = { result: SubmissionResult<string[]> };

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, form, requireVisitor }) => {
    const visitor = await requireVisitor();
    const value = form.parse(EndorsementFormSchema, {
      hideFields: CARD_SECRET_FIELDS,
      wrap: (result) => ({ result }) satisfies ActionAnswer,
      refusal: endorsementRefusal,
    });
    const endorsement = await apiClient(context, request, visitor.token).post(`/me/policies/${value.poliza}/endorsements`, {
      body: endorsementBody(value),
      schema: EndorsementSchema,
    });
    // 201 (new) and 200 (the same form sent again) both lead to the same suplemento.
    return redirect(`/garantia-confirmada?suplemento=${endorsement.id}`);
  });

export default function GuaranteesPage() {
  const data = useLoaderData<typeof loader>() as GuaranteesPageData;
  const lastResult = (useActionData<typeof action>() as ActionAnswer | undefined)?.result;
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-4xl">
        {data.mode === "public" ? <PublicCatalogue data={data} /> : null}
        {data.mode === "choose" ? <ChoosePolicy policies={data.policies} /> : null}
        {data.mode === "customer" ? <AddGuarantees data={data} lastResult={lastResult} /> : null}
      </div>
    </div>
  );
}
