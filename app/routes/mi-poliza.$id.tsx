import type { SubmissionResult } from "@conform-to/react";
import { DetailSection } from "~/components/ui/detail";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { MyPolicy } from "../../api/contract/policies";
import { CANCELLATION_REASON_LABELS } from "../../api/contract/vocabulary";
import { PolicyClaims } from "~/components/claim/policy-claims";
import { PolicyDocuments } from "~/components/policy/policy-documents";
import { Fact, PolicyFacts } from "~/components/policy/policy-facts";
import { PolicyGuarantees } from "~/components/policy/policy-guarantees";
import { PolicyRisk } from "~/components/policy/policy-risk";
import { InsurerInfo } from "~/components/policy/insurer-info";
import { PolicyStatusBadge } from "~/components/policy/policy-status-badge";
import { ReciboTable } from "~/components/policy/recibo-table";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { FormErrorsAlert } from "~/components/ui/error-summary";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { documentPaths } from "~/lib/document-paths";
import { apiClient } from "~/lib/api.server";
import { MyClaimDraftSchema, MyClaimsSchema } from "~/lib/claim-steps.server";
import { siteTitle } from "~/lib/page-title";
import { actOnOwnPolicy, OWN_POLICY_ACTIONS, readOwnPolicy, type OwnPolicyAction } from "~/lib/policies.server";
import { redirectWithToast } from "~/lib/toast.server";
import { INTENT_FIELD, needsConfirmation } from "~/lib/form-intent";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

/**
 * /mi-poliza/{id}: one of the visitor's policies, and what they may do with it while the rules
 * allow: withdraw (desistimiento, within the period, where the line admits it; the car's page
 * says why not) and stop the renewal (up to one month before the end). Each asks first: a dialog
 * with JavaScript, a confirmation step without (~/components/ui/confirm-dialog).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  // "Error: " first after a refused action (the root loader knows).
  { title: siteTitle(data ? `Póliza ${data.policy.number}` : "Póliza", matches) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context, params, addHeaders, requireVisitor }) => {
    // Not signed in: the login page, then back here. Someone else's policy: 404.
    const { policy, headers } = await readOwnPolicy(request, context, params.id);
    addHeaders(headers);
    // Its claims (issue 26) and whether a declaration was left half done.
    const api = apiClient(context, request, (await requireVisitor()).token);
    const [mine, draft] = await Promise.all([
      api.get("/me/claims", { schema: MyClaimsSchema, signal: request.signal }),
      api.get(`/me/policies/${policy.id}/claims/draft`, { schema: MyClaimDraftSchema, signal: request.signal }),
    ]);
    const claims = mine.items
      .filter((c) => c.policy.id === policy.id)
      .map(({ id, number, eventType, status, occurredAt }) => ({ id, number, eventType, status, occurredAt }));
    return { policy, claims, claimDraft: draft.draft !== null };
  });

type ActionData = { intent: OwnPolicyAction; confirm?: true; result?: SubmissionResult<string[]> };

/** What the toast says once done, from the policy as the API answers it afterwards. */
const DONE: Record<OwnPolicyAction, (p: MyPolicy) => { title: string; description: string }> = {
  withdraw: (p) => {
    const refunded = p.lifecycle.cancellation?.refundedCents ?? 0;
    return {
      title: "Ha desistido del contrato",
      description: `La póliza ${p.number} queda anulada.${refunded > 0 ? ` Le devolvemos ${formatMoney(refunded)} en su medio de pago.` : ""}${p.emailTo ? ` Le enviamos la confirmación por correo electrónico a ${p.emailTo}.` : ""}`,
    };
  },
  "stop-renewal": (p) => ({
    title: "Su póliza no se renovará",
    description: `La póliza ${p.number} sigue en vigor hasta el ${formatDate(p.endDate)} y entonces vencerá.`,
  }),
};

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, params, form, addHeaders }) => {
    const intent = form.formData.get(INTENT_FIELD);
    if (typeof intent !== "string" || !(OWN_POLICY_ACTIONS as readonly string[]).includes(intent)) {
      throw new Response("Petición no válida", { status: 400, statusText: "Bad Request" });
    }
    const act = intent as OwnPolicyAction;
    if (needsConfirmation(form.formData)) {
      // Without JavaScript the first press only asks: the page shows the confirmation step.
      addHeaders((await readOwnPolicy(request, context, params.id)).headers);
      return { intent: act, confirm: true } satisfies ActionData;
    }
    const outcome = await actOnOwnPolicy(request, context, params.id, act);
    if (!outcome.ok) {
      const refused: ActionData = { intent: act, result: { status: "error", error: { "": [outcome.refusal] } } };
      return form.refuse(refused, { status: 409, headers: outcome.headers });
    }
    return redirectWithToast(`/mi-poliza/${outcome.policy.id}`, { type: "success", ...DONE[act](outcome.policy) }, { headers: outcome.headers });
  });

function confirmCopy(intent: OwnPolicyAction, policy: MyPolicy): ConfirmCopy {
  if (intent === "withdraw") {
    const refund = policy.lifecycle.withdrawal.refundCents;
    return {
      title: `¿Desistir del contrato de la póliza ${policy.number}?`,
      description: (
        <>
          <p>La póliza quedará anulada desde hoy y dejará de cubrirle. Los recibos pendientes se anulan: no se le cobrará nada más.</p>
          {/* prettier-ignore */}
          <p className="mt-2">
            {refund ? `Le devolveremos ${formatMoney(refund)} en su medio de pago, la prima de los días no cubiertos.` : "No hay prima que devolver."} No se puede deshacer.
          </p>
        </>
      ),
      confirmLabel: "Sí, desistir del contrato",
      pendingText: "Desistiendo…",
      variant: "danger",
    };
  }
  return {
    title: `¿No renovar la póliza ${policy.number}?`,
    description: `La póliza seguirá en vigor hasta el ${formatDate(policy.endDate)} y entonces vencerá sin renovarse.`,
    confirmLabel: "Sí, no renovar",
    pendingText: "Enviando…",
    variant: "danger",
  };
}

export default function PolicyPage() {
  const { policy, claims, claimDraft } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionData | undefined;
  const { lifecycle } = policy;
  const possible = { withdraw: lifecycle.withdrawal.possible, "stop-renewal": lifecycle.renewal.possible };
  const confirming = reply?.confirm && possible[reply.intent] ? reply.intent : null;
  const resultFor = (intent: OwnPolicyAction) => (reply?.intent === intent ? reply.result : undefined);
  const running = policy.status !== "anulada" && policy.status !== "vencida";

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <p>
          <Link to="/mi-poliza">Volver a Mi póliza</Link>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
            {policy.lineName}: plan {policy.plan.name}
          </h1>
          <PolicyStatusBadge status={policy.status} />
        </div>

        {/* A refusal that arrives once the policy no longer offers the action (sent twice, from two tabs): said here. */}
        {!running && reply?.result ? <FormErrorsAlert id={`${reply.intent}-form`} lastResult={reply.result} className="mt-6" /> : null}

        {confirming ? (
          <div className="mt-6">
            <ConfirmStep intent={confirming} copy={confirmCopy(confirming, policy)} />
          </div>
        ) : null}

        {lifecycle.cancellation ? (
          <DetailSection id="anulacion" title="Póliza anulada" className="mt-8">
            <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
              <Fact term="Motivo">{CANCELLATION_REASON_LABELS[lifecycle.cancellation.reason]}</Fact>
              <Fact term="Con efecto">{formatDate(lifecycle.cancellation.effectiveDate)}</Fact>
              <Fact term="Importe devuelto">{formatMoney(lifecycle.cancellation.refundedCents)}</Fact>
              <Fact term="Registrada el">{formatDateTime(lifecycle.cancellation.at)}</Fact>
            </dl>
            {lifecycle.cancellation.refundedCents > 0 ? (
              <p className="mt-3 text-slate-700">El importe se devuelve en su medio de pago; lo verá en su cuenta en un plazo máximo de 30 días.</p>
            ) : null}
          </DetailSection>
        ) : null}
        {running && lifecycle.renewal.stopped ? (
          <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 font-semibold">
            No se renovará: la póliza vence el {formatDate(policy.endDate)}.
          </p>
        ) : null}

        <PolicyClaims policyId={policy.id} claims={claims} draft={claimDraft} />

        <PolicyFacts policy={policy} withRisk={false} />
        <PolicyRisk policy={policy} />
        {policy.insurer ? (
          <InsurerInfo insurer={policy.insurer} intro="Su póliza la emite y cubre el riesgo esta entidad; Cotiza es el distribuidor." />
        ) : null}

        <h2 className="mt-8 text-xl font-bold text-slate-900">Garantías</h2>
        <PolicyGuarantees policy={policy} />
        {running && policy.addableGuarantees > 0 ? (
          <p className="mt-3">
            <Link to={`/garantias?poliza=${policy.id}`} className="font-semibold underline">
              Añadir garantías
            </Link>
            {/* prettier-ignore */}
            <span className="text-slate-600"> ({policy.addableGuarantees === 1 ? "puede añadir 1 garantía" : `puede añadir ${policy.addableGuarantees} garantías`})</span>
          </p>
        ) : null}

        {policy.endorsements.length ? (
          <DetailSection id="suplementos" title="Suplementos" className="mt-8">
            <ul className="mt-2 space-y-2">
              {policy.endorsements.map((e) => (
                <li key={e.id}>
                  <strong>{e.guarantees.map((g) => g.name).join(", ")}</strong> desde el {formatDate(e.effectiveDate)}: {formatMoney(e.total)}
                  {e.reciboSequence ? ` (recibo ${e.reciboSequence})` : ""}
                  {`, condiciones particulares versión ${e.version}${e.annualTotal !== null ? `; prima total anual desde entonces: ${formatMoney(e.annualTotal)}` : ""}. `}
                  <Link to={`/garantia-confirmada?suplemento=${e.id}`} className="underline">
                    Ver el suplemento
                  </Link>
                </li>
              ))}
            </ul>
          </DetailSection>
        ) : null}

        <h2 className="mt-8 text-xl font-bold text-slate-900">Recibos</h2>
        {policy.payment?.method === "sepa" ? (
          <p className="mt-2 text-slate-700">
            {`Sus recibos se cargan por domiciliación bancaria${policy.payment.label ? ` en su cuenta ${policy.payment.label}` : ""} a partir de su fecha de vencimiento.`}
          </p>
        ) : null}
        {policy.payNow.some((r) => r.status === "devuelto") ? (
          <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-4" role="note">
            Tiene un recibo devuelto. Puede pagarlo ahora con tarjeta; si sigue sin pagar un mes después de su vencimiento, la cobertura se suspende
            (art. 15 de la Ley de Contrato de Seguro).
            {/* Why, as the bank said it (the return code's Spanish meaning, ADR 030). */}
            {policy.payNow
              .filter((r) => r.status === "devuelto")
              .map((r) => (
                <span key={r.sequence} className="mt-1 block font-semibold">
                  {`Recibo ${r.sequence}: ${r.returnReason ?? "devuelto por el banco"}.`}
                </span>
              ))}
          </p>
        ) : null}
        <ReciboTable policy={policy} actions={(r) => <ReciboActions policy={policy} sequence={r.sequence} status={r.status} />} />
        <PolicyDocuments policy={policy} />

        {running ? (
          <>
            <DetailSection id="desistir" title="Desistir del contrato" className="mt-8">
              <WithdrawalBody policy={policy} />
              <FormErrorsAlert id="withdraw-form" lastResult={resultFor("withdraw")} className="mt-3" />
              {lifecycle.withdrawal.possible ? (
                <div className="mt-4">
                  <ConfirmAction intent="withdraw" triggerLabel="Desistir del contrato" copy={confirmCopy("withdraw", policy)} />
                </div>
              ) : null}
            </DetailSection>

            <DetailSection id="no-renovar" title="No renovar" className="mt-8">
              <RenewalBody policy={policy} />
              <FormErrorsAlert id="stop-renewal-form" lastResult={resultFor("stop-renewal")} className="mt-3" />
              {lifecycle.renewal.possible ? (
                <div className="mt-4">
                  <ConfirmAction intent="stop-renewal" triggerLabel="No renovar la póliza" copy={confirmCopy("stop-renewal", policy)} />
                </div>
              ) : null}
            </DetailSection>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** "Pagar ahora" for a recibo the customer may pay today; the justificante de pago of a collected one (ADR 031). */
function ReciboActions({ policy, sequence, status }: { policy: MyPolicy; sequence: number; status: string }) {
  if (policy.payNow.some((r) => r.sequence === sequence)) {
    return (
      <Link to={`/mi-poliza/${policy.id}/recibos/${sequence}/pagar`} className="whitespace-nowrap font-semibold underline">
        Pagar ahora<span className="sr-only"> el recibo {sequence}</span>
      </Link>
    );
  }
  if (status !== "cobrado") return null;
  return (
    <a href={documentPaths.receipt(policy.id, sequence)} download className="whitespace-nowrap">
      Justificante<span className="sr-only"> de pago del recibo {sequence}</span>
    </a>
  );
}

function WithdrawalBody({ policy }: { policy: MyPolicy }) {
  const { withdrawal } = policy.lifecycle;
  if (!withdrawal.possible) {
    // The reason as the rules word it: the car's compulsory liability, or the end of the period.
    return (
      <>
        <p className="mt-2 text-slate-700">{withdrawal.refusal}.</p>
        {policy.line === "auto" ? (
          <p className="mt-2 text-slate-700">
            La ley no reconoce el derecho de desistimiento en los seguros obligatorios. Si no desea continuar, puede no renovar la póliza.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p className="mt-2 text-slate-700">
        Puede desistir del contrato sin indicar el motivo y sin penalización
        {policy.withdrawal.until ? ` hasta el ${formatDate(policy.withdrawal.until)} inclusive` : ""}.
      </p>
      {/* prettier-ignore */}
      <p className="mt-2 text-slate-700">
        Si desiste hoy, la póliza queda anulada desde hoy, se anulan los recibos pendientes y {withdrawal.refundCents ? `le devolvemos ${formatMoney(withdrawal.refundCents)}, la prima de los días no cubiertos, en su medio de pago.` : "no hay prima que devolver."}
      </p>
    </>
  );
}

function RenewalBody({ policy }: { policy: MyPolicy }) {
  const { renewal } = policy.lifecycle;
  if (renewal.stopped) {
    return (
      <p className="mt-2 text-slate-700">
        {renewal.stopped.by === "cliente"
          ? `Pidió no renovarla el ${formatDate(renewal.stopped.at)}`
          : "La aseguradora se ha opuesto a la renovación"}
        : la póliza vencerá el {formatDate(policy.endDate)} sin renovarse.
      </p>
    );
  }
  if (!renewal.possible) return <p className="mt-2 text-slate-700">{renewal.refusal}.</p>;
  return (
    <p className="mt-2 text-slate-700">
      La póliza se renueva cada año por sí sola. Si no desea renovarla, puede comunicarlo hasta el {formatDate(renewal.stopUntil)}, un mes antes del
      vencimiento ({formatDate(policy.endDate)}).
    </p>
  );
}
