import type { AppLoadContext } from "@remix-run/node";
import { PolicySchema } from "../../api/contract/policies";
import { ApiError, apiClient } from "~/lib/api.server";
import { requireVisitor } from "~/lib/auth.server";
import { notFound, privateHeaders } from "~/lib/http";
import { POSITIVE_INT } from "~/lib/ids";

/**
 * One policy of the signed-in visitor, in full (GET /me/policies/{id}), and the headers to answer
 * with (the session's, and never cached). Not signed in: the login page. A malformed id, or a
 * policy that does not exist or is someone else's (the API answers 404 for both): 404.
 */
export async function readOwnPolicy(request: Request, context: AppLoadContext, id: string | null | undefined) {
  const visitor = await requireVisitor(request, context);
  if (!id || !POSITIVE_INT.test(id)) throw notFound("Póliza no encontrada");
  try {
    const policy = await apiClient(context, request, visitor.token).get(`/me/policies/${id}`, { schema: PolicySchema });
    return { policy, headers: privateHeaders(visitor.headers) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound("Póliza no encontrada");
    throw error;
  }
}
