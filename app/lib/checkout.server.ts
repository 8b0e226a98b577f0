// The API calls of the checkout and the results page that answer with something to show rather
// than an error page: the price of a choice (or the API's refusal of it) and the policyholder of
// the customer's last policy.
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { ApiError, apiClient, type ApiClient } from "./api.server";
import { LastPolicyholderSchema, PriceChoiceAnswerSchema } from "./contract.server";

type PriceChoice = { plan: string; optionalGuarantees: string[] | undefined; frequency: string };

/**
 * POST /quotes/{id}/price: the prices of a plan with these extras and this frequency, or the
 * API's refusal (409: the quote expired, was bought or discarded meanwhile; 400/404…). 5xx and an
 * unreachable API are not a refusal: the error page (ADR 003).
 */
export async function priceChoice(api: ApiClient, id: string, body: PriceChoice): Promise<z.output<typeof PriceChoiceAnswerSchema> | ApiError> {
  try {
    return await api.post(`/quotes/${id}/price`, { body, schema: PriceChoiceAnswerSchema });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** The policyholder fields of the customer's last policy (never payment data); empty for a first purchase. */
export async function lastPolicyholder(context: AppLoadContext, request: Request, token: string): Promise<Record<string, string>> {
  try {
    const { policyholder } = await apiClient(context, request, token).get("/me/policyholder", { schema: LastPolicyholderSchema });
    if (!policyholder) return {};
    return Object.fromEntries(
      Object.entries(policyholder).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
    );
  } catch (error) {
    // Not worth failing the purchase: the customer types them as the first time.
    if (error instanceof ApiError) return {};
    throw error;
  }
}
