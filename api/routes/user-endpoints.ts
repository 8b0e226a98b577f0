// The visitor's endpoints, as admin-endpoints.ts is the staff's: routes get their guard and their
// security requirement from here (publicRoute, userRoute, optionalUserRoute), so neither can be forgotten, and
// the visitor's policy endpoints share the one way to find a policy of the caller's (404 otherwise).
import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { BEARER_SECURITY, PUBLIC_SECURITY, requireUser } from "../auth";
import { POLICY_NOT_FOUND_MESSAGE } from "../contract/policies";
import { findUserPolicy, type PolicyView } from "../db/policies.repo";
import type { ApiEnv } from "../env";
import { ApiProblem } from "../http";

type UserRouteConfig<P extends string> = Omit<RouteConfig, "path" | "middleware" | "security"> & { path: P; operationId: string };

/** createRoute for an endpoint open to anyone, without a token (the site's data, signing in, an IPID). */
export function publicRoute<P extends string, R extends UserRouteConfig<P>>(config: R) {
  return createRoute({ ...config, security: PUBLIC_SECURITY });
}

/** createRoute for an endpoint of a signed-in visitor: requireUser and the bearer security requirement. */
export function userRoute<P extends string, R extends UserRouteConfig<P>>(config: R) {
  return createRoute({ ...config, middleware: [requireUser()] as const, security: BEARER_SECURITY });
}

/** A visitor's token when one is sent (checked as requireUser does); none is fine. */
function optionalUser(opts: { readsOnly?: boolean }): MiddlewareHandler<ApiEnv> {
  const guard = requireUser(opts);
  return async (c, next) => (c.req.header("authorization") ? guard(c, next) : next());
}

/**
 * createRoute for an endpoint open to anyone that knows more with a visitor's token (a quote and its prices).
 * `readsOnly`: a POST that writes nothing (requireUser).
 */
export function optionalUserRoute<P extends string, R extends UserRouteConfig<P>>(config: R, opts: { readsOnly?: boolean } = {}) {
  return createRoute({ ...config, middleware: [optionalUser(opts)] as const, security: [{}, ...BEARER_SECURITY] });
}

/** The OpenAPI tag of the visitor's policy endpoints (the policy, its documents, its suplementos). */
export const POLICIES_TAG = "Pólizas";

export const policyIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador numérico de la póliza" }),
});

/** The policy id of a path, or 404 for anything that is not one (ids are never probed with a 400). */
export function parsePolicyId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  return Number(value);
}

/** The visitor's policy, or 404. */
export async function requireOwnPolicy(db: Parameters<typeof findUserPolicy>[0], userId: number, idParam: string): Promise<PolicyView> {
  const policy = await findUserPolicy(db, userId, parsePolicyId(idParam));
  if (!policy) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  return policy;
}
