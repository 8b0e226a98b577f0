// The server side of /admin/policies/new, the phone sale (ADR 013): what each step's page reads
// (loadPhoneSale) and what its two POSTs do (sellByPhone: step 1 prices the risk, step 3 issues
// the policy). The API prices and checks out exactly as for the public site.
import { redirect, type SerializeFrom } from "@remix-run/node";
import { PriceChoiceAnswerSchema } from "../../api/contract/checkout";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { ClientDetailSchema, ClientListSchema, type ClientData } from "../../api/contract/clients";
import { formatDate } from "../../api/contract/format";
import { isUuid } from "../../api/contract/ids";
import { hasPermission } from "../../api/contract/permissions";
import { PolicySchema } from "../../api/contract/policies";
import { QUOTE_FORM_SCHEMAS, QuoteSchema, type Quote } from "../../api/contract/quotes";
import type { AdminActionArgs, AdminLoaderArgs } from "./admin-route.server";
import { formErrorsFromBody } from "./api-errors.server";
import { ApiError } from "./api.server";
import { checkoutBody, StaffCheckoutFormSchema } from "./checkout-form";
import { checkoutRefusalErrors, CLOSED_QUOTE_MESSAGES, closedQuoteMessage } from "./checkout-refusal.server";
import { CLIENT_PARAM, phoneSaleHref, SEARCH_PARAM } from "./phone-sale";
import { EXTRAS_PARAM, FREQUENCY_PARAM, parseExtras, parseFrequency, QUOTE_PARAM } from "./plan-choice";
import { FIELD_NAMES, LINE_FIELD, LINE_PARAM, parseLine } from "./quote-form";
import { QUOTE_FORM_CONSTRAINTS } from "./quote-form.server";
import { redirectWithToast } from "./toast.server";

function clientId(url: URL): number | null {
  const value = Number(url.searchParams.get(CLIENT_PARAM));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** What the page knows of the client, as the checkout form's policyholder fields (its HolderDefaults). */
function holderOf(client: ClientData | null): Record<string, string> {
  if (!client) return {};
  const known = {
    name: client.name,
    nif: client.nif,
    birthDate: client.birthDate,
    phone: client.phone,
    address: client.address,
    postalCode: client.postalCode,
    city: client.city,
    email: client.email,
  };
  return Object.fromEntries(Object.entries(known).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function quoteSummary(quote: Quote) {
  return { id: quote.id, line: quote.line, status: quote.status, validUntil: quote.validUntil };
}

/** The step the URL asks for, with what its page shows: 1 (client and risk), 2 (plans) or 3 (checkout). */
export async function loadPhoneSale({ api, admin, request }: AdminLoaderArgs) {
  const url = new URL(request.url);
  // Searching and reading clients needs clients:read; without it, the client is identified by NIF in step 3.
  const canReadClients = hasPermission(admin.role.permissions, "clients:read");
  const id = canReadClients ? clientId(url) : null;
  const client = id ? (await api.get(`/admin/clients/${id}`, { schema: ClientDetailSchema })).client : null;
  const quoteId = url.searchParams.get(QUOTE_PARAM) ?? "";
  const plan = url.searchParams.get("plan") ?? "";

  if (!quoteId) {
    const q = (url.searchParams.get(SEARCH_PARAM) ?? "").trim().slice(0, 100);
    const matches =
      canReadClients && q && !client
        ? await api.get(`/admin/clients?${new URLSearchParams({ q, pageSize: "10" })}`, { schema: ClientListSchema })
        : null;
    const line = parseLine(url.searchParams.get(LINE_PARAM));
    // The rating questions the client's file already answers.
    const prefill: Record<string, string> = {};
    if (client?.postalCode) prefill.postalCode = client.postalCode;
    if (client?.birthDate && line === "auto") prefill.driverBirthDate = client.birthDate;
    return { step: 1 as const, canReadClients, client, q, matches, line, prefill, constraint: line ? QUOTE_FORM_CONSTRAINTS[line] : null };
  }

  if (!isUuid(quoteId)) throw new Response("Cotización no encontrada", { status: 404, statusText: "Not Found" });
  const quote = await api.get(`/admin/policies/quotes/${quoteId}`, { schema: QuoteSchema });
  const requote = phoneSaleHref({ [CLIENT_PARAM]: client?.id, [LINE_PARAM]: quote.line });
  const chooser = {
    step: 2 as const,
    canReadClients,
    client,
    quote: quoteSummary(quote),
    plans: quote.plans,
    requote,
    chosen: parseExtras(url.searchParams.getAll(EXTRAS_PARAM), quote.plans),
  };
  const planInfo = quote.plans.find((p) => p.code === plan);
  if (quote.status !== "cotizada" || !planInfo) return { ...chooser, closed: quote.status === "cotizada" ? null : closedQuoteMessage(quote.status) };

  const frequency = parseFrequency(url.searchParams.get(FREQUENCY_PARAM));
  const extras = parseExtras(url.searchParams.getAll(EXTRAS_PARAM), quote.plans)[plan] ?? [];
  try {
    const answer = await api.post(`/admin/policies/quotes/${quote.id}/price`, {
      body: { plan, optionalGuarantees: extras, frequency },
      schema: PriceChoiceAnswerSchema,
    });
    return {
      step: 3 as const,
      canReadClients,
      client,
      holder: holderOf(client),
      back: phoneSaleHref({ [CLIENT_PARAM]: client?.id, [QUOTE_PARAM]: quote.id }),
      offer: {
        quote: {
          id: quote.id,
          line: quote.line,
          validUntil: quote.validUntil,
          postalCode: typeof quote.inputs.postalCode === "string" ? quote.inputs.postalCode : "",
        },
        requoteHref: requote,
        plan: { code: planInfo.code, name: planInfo.name, deductibleCents: planInfo.deductibleCents },
        extras: answer.optionalGuarantees,
        extraNames: planInfo.optionalGuarantees.filter((g) => answer.optionalGuarantees.includes(g.code)).map((g) => g.name),
        frequency,
        // Generated once per page view; the form keeps it across failed submissions (one policy per click).
        idempotencyKey: crypto.randomUUID(),
        ipidHref: `/api/documents/ipid/${quote.line}`,
        prices: answer.prices,
        startDates: { ...answer.startDates, default: answer.startDate },
        insurer: answer.insurer,
      },
    };
  } catch (error) {
    // Expired or sold meanwhile: the API's word, on the plan step.
    if (error instanceof ApiError && error.status === 409) return { ...chooser, closed: error.body.error };
    throw error;
  }
}

/** What the page's steps receive (loadPhoneSale's answer, as the browser reads it). */
export type PhoneSaleData = SerializeFrom<typeof loadPhoneSale>;

/** Step 1's POST: price the risk, then on to the plans (step 2) keeping the client. */
async function priceRisk({ api, form }: AdminActionArgs, client: number | null): Promise<Response> {
  const line = parseLine(form.formData.get(LINE_FIELD));
  if (!line) throw new Response("Seguro no válido", { status: 400, statusText: "Bad Request" });
  const inputs = form.parse(QUOTE_FORM_SCHEMAS[line]);
  try {
    const quote = await api.post("/admin/policies/quotes", { body: { line, inputs }, schema: QuoteSchema });
    return redirect(phoneSaleHref({ [CLIENT_PARAM]: client, [QUOTE_PARAM]: quote.id }));
  } catch (error) {
    // 422: a risk the tariff will not insure, its reason beside the field.
    if (error instanceof ApiError && error.status === 422) form.fail(formErrorsFromBody(error.body, FIELD_NAMES[line]));
    throw error;
  }
}

/** Step 3's POST: issue the policy and open it; refusals go back to the form, where they are fixed. */
async function issuePolicy({ api, form }: AdminActionArgs, quoteId: string): Promise<Response> {
  if (!isUuid(quoteId)) throw new Response("Cotización no encontrada", { status: 404, statusText: "Not Found" });
  const value = form.parse(StaffCheckoutFormSchema, { hideFields: [...CARD_SECRET_FIELDS] });
  try {
    const policy = await api.post("/admin/policies", { body: { quoteId, email: value.email, ...checkoutBody(value) }, schema: PolicySchema });
    return redirectWithToast(`/admin/policies/${policy.id}`, {
      type: "success",
      title: "Póliza emitida",
      description: `La póliza ${policy.number} cubre desde el ${formatDate(policy.startDate)}.${policy.payment?.method === "sepa" ? ` El primer recibo no se ha cobrado: irá en la próxima remesa SEPA a partir del ${formatDate(policy.recibos[0]?.dueDate ?? policy.startDate)}.` : ""}${policy.policyholder.email ? ` Se han enviado los documentos a ${policy.policyholder.email}.` : ""}`,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 404) throw error;
    if (error.status === 402) form.fail({ fieldErrors: { [value.method === "card" ? "cardNumber" : "iban"]: [error.body.error] } });
    if (error.status === 409 && CLOSED_QUOTE_MESSAGES.has(error.body.error)) form.fail({ formErrors: [error.body.error] });
    return form.fail(checkoutRefusalErrors(error.body, value.method, { sameAsHolder: value.riskSameAsHolder }));
  }
}

/** The phone sale's POST: step 1 (no quote yet) prices the risk, step 3 issues the policy. */
export function sellByPhone(args: AdminActionArgs): Promise<Response> {
  const url = new URL(args.request.url);
  const quoteId = url.searchParams.get(QUOTE_PARAM);
  return quoteId ? issuePolicy(args, quoteId) : priceRisk(args, clientId(url));
}
