// The server side of /garantias (app/routes/garantias.tsx): what the page shows to whom (its
// loader's work) and how the API's refusal of a suplemento is shown on its payment form.
import { ApiError } from "./api.server";
import type { Visitor } from "./auth.server";
import { splitFormErrors } from "./api-errors.server";
import { formErrorsFromApi } from "./endorsement-form";
import { DATE_PARAM, GUARANTEE_PARAM, POLICY_PARAM, type GuaranteesPageData } from "./endorsement-page";
import { policiesInForce, readGuaranteeCatalogue, readGuaranteeOptions } from "./endorsements.server";
import { notFound } from "./http";
import { parseTypedDate } from "./typed-date";
import type { Refusal } from "./visitor-route.server";

/** "Ver el precio" with no guarantee ticked: what to do, beside the guarantees. */
const NO_GUARANTEE_CHOSEN_MESSAGE = "Marque al menos una garantía para ver su precio";

/**
 * The catalogue for anyone without a policy in force; the choice of policy for a customer with
 * several; for one policy, its options priced as the GET form asked (`url`), and the form's problem.
 */
export async function guaranteesPage(
  request: Request,
  context: Parameters<typeof policiesInForce>[1],
  visitor: Visitor | null,
  url: URL,
): Promise<GuaranteesPageData> {
  const inForce = visitor ? await policiesInForce(request, context, visitor) : [];
  if (!visitor || inForce.length === 0) {
    return { mode: "public", signedIn: !!visitor, catalogue: await readGuaranteeCatalogue(request, context) };
  }
  const asked = url.searchParams.get(POLICY_PARAM) ?? (inForce.length === 1 ? String(inForce[0]!.id) : null);
  if (!asked) return { mode: "choose", policies: inForce };
  if (!inForce.some((p) => String(p.id) === asked)) throw notFound("Póliza no encontrada");
  const chosen = url.searchParams.getAll(GUARANTEE_PARAM).filter(Boolean);
  // Typed as dd/mm/aaaa (ADR 020): the API takes ISO; anything else goes as typed, for the API to refuse.
  const typed = url.searchParams.get(DATE_PARAM)?.trim();
  const date = typed ? (parseTypedDate(typed) ?? typed) : undefined;
  const { options, problem: refused } = await readGuaranteeOptions(request, context, visitor, asked, { effectiveDate: date, guarantees: chosen });
  // The form always sends the date: with it and no guarantee, "Ver el precio" was pressed with nothing ticked.
  const nothingTicked = url.searchParams.has(DATE_PARAM) && chosen.length === 0 && options.options.length > 0;
  const problem = refused ?? (nothingTicked ? { field: "garantia" as const, message: NO_GUARANTEE_CHOSEN_MESSAGE } : null);
  return {
    mode: "customer",
    policies: inForce,
    options,
    chosen: problem?.field === "garantia" ? [] : chosen,
    problem,
    idempotencyKey: crypto.randomUUID(),
  };
}

/** The API's refusal of a suplemento: 404 the page's; 402 on the card number; the rest where its fix is (409 stays 409). */
export function endorsementRefusal(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) throw notFound("Póliza no encontrada");
  if (error.status === 402) return { fieldErrors: { cardNumber: [error.body.error] }, status: 402 };
  return { ...splitFormErrors(formErrorsFromApi(error.body.fieldErrors), error.body.error), status: error.status === 409 ? 409 : 400 };
}
