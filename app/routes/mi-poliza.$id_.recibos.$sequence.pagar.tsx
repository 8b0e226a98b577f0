import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { PaidReciboSchema } from "../../api/contract/pay-now";
import { CardFields } from "~/components/checkout/card-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SubmitButton, useIsPending } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ApiError, apiClient } from "~/lib/api.server";
import { notFound } from "~/lib/http";
import { POSITIVE_INT } from "~/lib/ids";
import { siteTitle } from "~/lib/page-title";
import { PAY_NOW_FORM_ID, payNowBody, PayNowFormSchema } from "~/lib/pay-now-form";
import { readOwnPolicy } from "~/lib/policies.server";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction, visitorLoader, type Refusal } from "~/lib/visitor-route.server";

/**
 * /mi-poliza/{id}/recibos/{n}/pagar: "Pagar ahora" a returned or due recibo of the visitor's own
 * policy by card (ADR 031). A POST and a redirect back to Mi póliza with a toast, with or without
 * JavaScript; a declined card is said beside the card number and the other fields are kept.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: siteTitle(data ? `Pagar el recibo ${data.sequence} de la póliza ${data.policy.number}` : "Pagar un recibo", matches) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context, params, addHeaders }) => {
    const { policy, headers } = await readOwnPolicy(request, context, params.id);
    addHeaders(headers);
    const sequence = Number(params.sequence);
    const recibo = policy.recibos.find((r) => r.sequence === sequence);
    if (!POSITIVE_INT.test(params.sequence ?? "") || !recibo) throw notFound("Recibo no encontrado");
    return {
      policy: { id: policy.id, number: policy.number, lineName: policy.lineName, status: policy.status },
      sequence,
      period: recibo.period,
      status: recibo.status,
      payable: policy.payNow.find((r) => r.sequence === sequence) ?? null,
      idempotencyKey: crypto.randomUUID(),
    };
  });

type ActionAnswer = SubmissionResult<string[]>;

/** The API's refusal as the form's: a declined card beside its number, a recibo no longer payable above the form. */
function payNowRefusal(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) throw notFound("Recibo no encontrado");
  if (error.status === 402) return { fieldErrors: { cardNumber: [error.body.error] }, status: 402 };
  if (error.status === 409) return { formErrors: [error.body.error], status: 409 };
  return null;
}

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, params, form, requireVisitor }) => {
    const visitor = await requireVisitor();
    if (!POSITIVE_INT.test(params.id ?? "") || !POSITIVE_INT.test(params.sequence ?? "")) throw notFound("Recibo no encontrado");
    const value = form.parse(PayNowFormSchema, { hideFields: CARD_SECRET_FIELDS, refusal: payNowRefusal });
    const paid = await apiClient(context, request, visitor.token).post(`/me/policies/${params.id}/recibos/${params.sequence}/pay`, {
      body: payNowBody(value),
      schema: PaidReciboSchema,
    });
    const resumes = paid.coverResumesAt ? ` La cobertura se reanuda el ${formatDateTime(paid.coverResumesAt)}.` : "";
    return redirectWithToast(`/mi-poliza/${paid.policyId}`, {
      type: "success",
      title: `Recibo ${paid.sequence} pagado`,
      description: `Hemos cobrado ${formatMoney(paid.amountPaid)} en su tarjeta ${paid.methodLabel}.${resumes} Puede descargar el justificante de pago en la lista de recibos.`,
    });
  });

export default function PayReciboPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as ActionAnswer | undefined;
  const back = `/mi-poliza/${data.policy.id}`;
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <p>
          <Link to={back}>Volver a la póliza</Link>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Pagar el recibo {data.sequence}</h1>
        <p className="mt-2 text-slate-700">
          Póliza {data.policy.number} ({data.policy.lineName}), periodo del {formatDate(data.period.from)} al {formatDate(data.period.to)}.
        </p>
        {data.payable ? (
          <PayForm data={data} payable={data.payable} lastResult={lastResult} />
        ) : (
          <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">
            {`${data.status === "cobrado" ? "Este recibo ya está pagado." : "Este recibo no se puede pagar ahora en línea."} `}
            <Link to={back} className="underline">
              Volver a la póliza
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function PayForm({ data, payable, lastResult }: { data: PageData; payable: NonNullable<PageData["payable"]>; lastResult: ActionAnswer | undefined }) {
  const submitting = useIsPending();
  const submittedKey = lastResult?.initialValue?.idempotencyKey;
  // The same key for every submit of this page: a resubmitted form is the same payment.
  const [idempotencyKey] = useState(typeof submittedKey === "string" && submittedKey ? submittedKey : data.idempotencyKey);
  const [form, fields] = useZodForm({ id: PAY_NOW_FORM_ID, schema: PayNowFormSchema, lastResult });
  useEffect(() => {
    // The card number and CVC never come back from the server; clear what the browser kept.
    if (!lastResult) return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of CARD_SECRET_FIELDS) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, form.id]);
  return (
    <>
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        <dt className="font-semibold">Estado</dt>
        <dd>
          {payable.status === "devuelto"
            ? `Devuelto${payable.returnReason ? `: ${payable.returnReason}` : ""}`
            : `Pendiente desde el ${formatDate(payable.dueDate)}`}
        </dd>
        <dt className="font-semibold">Importe del recibo</dt>
        <dd className="tabular-nums">{formatMoney(payable.amount)}</dd>
        {payable.returnFee > 0 ? (
          <>
            <dt className="font-semibold">Gastos de devolución</dt>
            <dd className="tabular-nums">{formatMoney(payable.returnFee)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Total a pagar</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(payable.amountDue)}</dd>
      </dl>
      {data.policy.status === "suspendida" ? (
        <p className="mt-4 text-slate-700">Su póliza está suspendida por impago: la cobertura se reanuda 24 horas después del pago.</p>
      ) : null}
      <div className="mt-6">
        <ErrorSummary form={form} fields={[fields.cardNumber, fields.expiry, fields.cvc, fields.cardHolder]} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <CardFields fields={fields} hidden={false} />
        <p className="mt-4 text-sm text-slate-600">La tarjeta solo se usa para este pago: los próximos recibos se cobran como hasta ahora.</p>
        <div className="mt-8">
          <SubmitButton pendingText="Pagando…" pending={submitting} disabled={submitting}>
            Pagar {formatMoney(payable.amountDue)}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
