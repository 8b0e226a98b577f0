import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { AdminPaymentPageFiltersSchema, CardRetryPreviewSchema, CardRetryResultSchema } from "../../api/contract/admin-payments";
import { formatCount, formatMoney } from "../../api/contract/format";
import { CardRetryConfirmation, selectionSearch } from "~/components/payment/card-retry";
import { ADMIN_PAYMENTS_PATH } from "~/components/payment/payment-list-columns";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader, type AdminLoaderArgs } from "~/lib/admin-route.server";
import { badRequest } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { isoDateFilters } from "~/lib/typed-date";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/payments/reintentar?<the list's filters>: "Reintentar cobro con tarjeta" on the filtered
 * selection (ADR 028). The page states the API's count and total; the POST runs it with them, and
 * the API refuses (409) a selection that changed since, a second submit included.
 */
const ROUTE_ID = "routes/admin.payments.reintentar";
const CARD_RETRY_MAX = 500;

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Reintentar cobro con tarjeta", matches) }];

/** The selection's filters from the URL, in the API's units (cents); bad ones are a 400 (the list page says why). */
function selectionFilters(request: Request) {
  const parsed = AdminPaymentPageFiltersSchema.safeParse(Object.fromEntries(isoDateFilters(new URL(request.url).searchParams)));
  if (!parsed.success) throw badRequest("Los filtros de la selección no son válidos");
  return parsed.data;
}

const preview = ({ api, request }: Pick<AdminLoaderArgs, "api" | "request">) =>
  api.get("/admin/payments/card-retry", { query: selectionFilters(request), schema: CardRetryPreviewSchema, signal: request.signal });

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, async (ctx) => ({ preview: await preview(ctx) }));

const ConfirmSchema = z.object({
  asOf: z.string().min(1),
  expectedCount: z.coerce.number().int().min(1),
  expectedTotalCents: z.coerce.number().int().min(0),
});

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, request }) => {
    const confirmed = form.parse(ConfirmSchema);
    const back = `${ADMIN_PAYMENTS_PATH}${selectionSearch(new URL(request.url).search)}`;
    const body = { filters: selectionFilters(request), ...confirmed };
    const result = await api.post("/admin/payments/card-retry", { body, schema: CardRetryResultSchema, otherwise: { 409: null } });
    if (!result) {
      // Changed since the confirmation (or already run): nothing was charged; the page shows the selection as it is now.
      return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
        type: "error",
        title: "No se ha cobrado nada",
        description: "La selección ha cambiado desde que la confirmaste (o ya se había procesado). Revisa el número y el total y confirma de nuevo.",
        durationMs: 10_000,
      });
    }
    const skipped = result.skipped ? ` ${formatCount(result.skipped)} habían cambiado y no se han cobrado.` : "";
    return redirectWithToast(back, {
      type: result.declined ? "error" : "success",
      title: `Recibos cobrados: ${formatCount(result.charged)} de ${formatCount(result.count)}`,
      description: `${formatMoney(result.chargedCents)} cobrados. ${formatCount(result.declined)} rechazados por el banco (quedan devueltos).${skipped}`,
      durationMs: 10_000,
    });
  });

export default function CardRetryPage() {
  const { preview } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="space-y-6">
      <BackLink to={`${ADMIN_PAYMENTS_PATH}${search}`}>Pagos</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Reintentar cobro con tarjeta</h1>
        <p className="mt-1 text-slate-700">
          Los recibos de la selección que se cobran con tarjeta, de pólizas en vigor o suspendidas: los pendientes ya vencidos y los devueltos.
        </p>
      </header>
      <CardRetryConfirmation preview={preview} search={search} max={CARD_RETRY_MAX} />
    </div>
  );
}
