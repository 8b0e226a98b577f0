import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { apiClient } from "~/lib/api.server";
import { claimStepPath, resumeStep } from "~/lib/claim-step-names";
import { MyClaimDraftSchema } from "~/lib/claim-steps.server";
import { readOwnPolicy } from "~/lib/policies.server";
import { visitorLoader } from "~/lib/visitor-route.server";

/**
 * /mi-poliza/{id}/siniestro («Declarar un siniestro», «Continuar la declaración»): the first step,
 * or where the policy's draft was left (the first question still unanswered). Someone else's
 * policy: 404; not signed in: the login page, then back here.
 */
export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context, params, requireVisitor }) => {
    const { policy } = await readOwnPolicy(request, context, params.id);
    const visitor = await requireVisitor();
    const { draft } = await apiClient(context, request, visitor.token).get(`/me/policies/${policy.id}/claims/draft`, {
      schema: MyClaimDraftSchema,
      signal: request.signal,
    });
    return redirect(claimStepPath(policy.id, resumeStep(draft)), { headers: { "Cache-Control": "private, no-store" } });
  });
