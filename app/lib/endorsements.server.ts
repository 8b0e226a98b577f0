import type { AppLoadContext } from "@remix-run/node";
import { EndorsementSchema, GuaranteeCatalogueSchema, GuaranteeOptionsSchema } from "../../api/contract/endorsements";
import { PolicyListSchema } from "../../api/contract/policies";
import { ApiError, apiClient } from "~/lib/api.server";
import type { Visitor } from "~/lib/auth.server";
import { notFound } from "~/lib/http";
import { POSITIVE_INT } from "~/lib/ids";

/** The public catalogue of guarantees (GET /public/guarantees). */
export function readGuaranteeCatalogue(request: Request, context: AppLoadContext) {
  return apiClient(context, request).get("/public/guarantees", { schema: GuaranteeCatalogueSchema });
}

/** The visitor's policies in force (the ones guarantees can be added to), newest first. */
export async function policiesInForce(request: Request, context: AppLoadContext, visitor: Visitor) {
  const list = await apiClient(context, request, visitor.token).get("/me/policies", { schema: PolicyListSchema, query: { page: 1, pageSize: 50 } });
  return list.items.filter((p) => p.status === "en_vigor");
}

/**
 * What can be added to the policy from `effectiveDate`, and the price of `guarantees` together.
 * A date out of range (400) or a guarantee that cannot be added (409) comes back as `problem`
 * with the options as they are without it.
 */
export async function readGuaranteeOptions(
  request: Request,
  context: AppLoadContext,
  visitor: Visitor,
  policyId: string,
  ask: { effectiveDate?: string; guarantees: string[] },
) {
  if (!POSITIVE_INT.test(policyId)) throw notFound("Póliza no encontrada");
  const api = apiClient(context, request, visitor.token);
  const path = `/me/policies/${policyId}/guarantee-options`;
  const read = (query: Record<string, string | undefined>) => api.get(path, { schema: GuaranteeOptionsSchema, query });
  try {
    return { options: await read({ effectiveDate: ask.effectiveDate, guarantees: ask.guarantees.join(",") || undefined }), problem: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw notFound("Póliza no encontrada");
    if (error.status === 400)
      return { options: await read({ guarantees: undefined }), problem: { field: "fecha" as const, message: error.body.error } };
    if (error.status === 409)
      return { options: await read({ effectiveDate: ask.effectiveDate }), problem: { field: "garantia" as const, message: error.body.error } };
    throw error;
  }
}

/** One of the visitor's suplementos; 404 for a bad id or someone else's. */
export async function readOwnEndorsement(request: Request, context: AppLoadContext, visitor: Visitor, id: string | null) {
  if (!id || !POSITIVE_INT.test(id)) throw notFound("Suplemento no encontrado");
  const endorsement = await apiClient(context, request, visitor.token).get(`/me/endorsements/${id}`, {
    schema: EndorsementSchema,
    otherwise: { 404: null },
  });
  if (!endorsement) throw notFound("Suplemento no encontrado");
  return endorsement;
}
