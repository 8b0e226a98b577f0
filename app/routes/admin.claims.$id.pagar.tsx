import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AdminClaimSchema, maskIban } from "../../api/contract/admin-claims";
import { PayClaimBodySchema } from "../../api/contract/claims";
import { formatMoney } from "../../api/contract/format";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import { adminClaimPath } from "~/components/claim/claim-list-columns";
import { BackLink } from "~/components/ui/back-link";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Detail } from "~/components/ui/detail";
import { Field } from "~/components/ui/field";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { INTENT_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";
import { invariantResponse, positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/claims/{id}/pagar: paying the indemnity of an accepted claim by transfer (claims:pay,
 * separate from handling it): the IBAN the customer gave and the transfer's reference, confirmed
 * with the amount and the IBAN masked. The page of its own lets a payer who does not handle claims pay.
 */
const ROUTE_ID = "routes/admin.claims.$id.pagar";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Pagar la indemnización del siniestro ${data.number}` : "Pagar la indemnización", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const id = positiveIdParam(params.id);
    const claim = await api.get(`/admin/claims/${id}`, { schema: AdminClaimSchema, otherwise: { 404: null }, signal: request.signal });
    invariantResponse(claim, "Siniestro no encontrado");
    return {
      id,
      number: claim.number,
      holder: claim.holder,
      payableCents: claim.status === "aceptado" ? (claim.accepted?.payableCents ?? 0) : 0,
      payment: claim.payment,
    };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    return runStaffAction(form, {
      pay: staffIntent(PayClaimBodySchema, async (body) => {
        const paid = await api.post(`/admin/claims/${id}/pay`, { body, schema: AdminClaimSchema });
        return redirectWithToast(adminClaimPath(id), {
          type: "success",
          title: "Indemnización pagada",
          description: `${formatMoney(paid.payment?.paidCents ?? 0)} por transferencia a ${paid.payment?.ibanMasked ?? ""}`,
        });
      }),
    });
  });

function payCopy(payableCents: number, iban: string | undefined): ConfirmCopy {
  const masked = iban && iban.trim().length >= 8 ? maskIban(iban) : null;
  return {
    title: `¿Pagar ${formatMoney(payableCents)}?`,
    description: (
      <p>
        {masked
          ? `Se registrará el pago de ${formatMoney(payableCents)} por transferencia a la cuenta ${masked}. `
          : `Se registrará el pago de ${formatMoney(payableCents)} por transferencia. `}
        Haz la transferencia desde el banco antes de confirmarlo: aquí solo queda registrada.
      </p>
    ),
    confirmLabel: "Registrar el pago",
    pendingText: "Registrando…",
    variant: "primary",
  };
}

export default function PayClaimPage() {
  const { id, number, holder, payableCents, payment } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>() as StaffActionReply | undefined, "pay");
  const [iban, setIban] = useState<string>("");
  return (
    <div className="space-y-6">
      <BackLink to={adminClaimPath(id)}>{`Siniestro ${number}`}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight">Pagar la indemnización del siniestro {number}</h1>
      {reply?.confirm ? <ConfirmStep intent="pay" copy={payCopy(payableCents, reply.confirm.iban)} fields={reply.confirm} /> : null}
      {payment ? (
        <p>{`Ya se pagó: ${formatMoney(payment.paidCents)} a ${payment.ibanMasked}.`}</p>
      ) : payableCents === 0 ? (
        <p>No hay nada que pagar: solo se paga un siniestro aceptado con importe a pagar.</p>
      ) : (
        <>
          <dl className="grid max-w-xl grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            <Detail term="Tomador">{holder}</Detail>
            <Detail term="Importe a pagar">{formatMoney(payableCents)}</Detail>
          </dl>
          <ConfirmedForm
            id="pagar"
            className="max-w-xl"
            schema={PayClaimBodySchema}
            hidden={{ [INTENT_FIELD]: "pay" }}
            lastResult={reply?.result}
            triggerLabel="Pagar…"
            triggerVariant="primary"
            copy={payCopy(payableCents, iban)}
          >
            {(f) => (
              <div onInput={(e) => (e.target instanceof HTMLInputElement && e.target.name === "iban" ? setIban(e.target.value) : undefined)}>
                <Field
                  label="IBAN del cliente"
                  hint="La cuenta que dio el cliente para cobrar la indemnización."
                  meta={f.iban}
                  inputProps={{ autoComplete: "off", spellCheck: false }}
                />
                <Field label="Referencia de la transferencia (opcional)" meta={f.reference} width="sm" />
              </div>
            )}
          </ConfirmedForm>
        </>
      )}
    </div>
  );
}
