import type { AppLoadContext } from "@remix-run/node";
import { MyPolicySchema, type MyPolicy } from "../../api/contract/policies";
import { ApiError, apiClient } from "~/lib/api.server";
import { requireVisitor } from "~/lib/auth.server";
import { notFound, privateHeaders } from "~/lib/http";
import { POSITIVE_INT } from "~/lib/ids";

/**
 * One policy of the signed-in visitor, in full with what they may do with it today (GET /me/policies/{id}), and the headers to answer
 * with (the session's, and never cached). Not signed in: the login page. A malformed id, or a
 * policy that does not exist or is someone else's (the API answers 404 for both): 404.
 */
export async function readOwnPolicy(request: Request, context: AppLoadContext, id: string | null | undefined) {
  const visitor = await requireVisitor(request, context);
  if (!id || !POSITIVE_INT.test(id)) throw notFound("Póliza no encontrada");
  try {
    const policy = await apiClient(context, request, visitor.token).get(`/me/policies/${id}`, { schema: MyPolicySchema });
    return { policy, headers: privateHeaders(visitor.headers) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound("Póliza no encontrada");
    throw error;
  }
}

/** What the customer may do to their own policy from /mi-poliza/{id} (the API's POST /me/policies/{id}/<action>). */
export const OWN_POLICY_ACTIONS = ["withdraw", "stop-renewal"] as const;
export type OwnPolicyAction = (typeof OWN_POLICY_ACTIONS)[number];

/**
 * Sends one of the customer's actions on their policy: the policy as it stands afterwards, or the
 * API's refusal (409, its Spanish message). A malformed id, or a policy that does not exist or is
 * someone else's: 404. Not signed in: the login page.
 */
export async function actOnOwnPolicy(
  request: Request,
  context: AppLoadContext,
  id: string | undefined,
  action: OwnPolicyAction,
): Promise<{ ok: true; policy: MyPolicy; headers: Headers } | { ok: false; refusal: string; headers: Headers }> {
  const visitor = await requireVisitor(request, context);
  if (!id || !POSITIVE_INT.test(id)) throw notFound("Póliza no encontrada");
  const headers = privateHeaders(visitor.headers);
  try {
    const policy = await apiClient(context, request, visitor.token).post(`/me/policies/${id}/${action}`, { schema: MyPolicySchema });
    return { ok: true, policy, headers };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound("Póliza no encontrada");
    if (error instanceof ApiError && error.status === 409) return { ok: false, refusal: error.body.error, headers };
    throw error;
  }
}
