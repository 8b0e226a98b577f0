import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CLAIM_DOCUMENT_KIND_LABELS, CLAIM_EVENT_TYPE_INFO } from "../../api/contract/claim-vocabulary";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { ClaimStatusBadge } from "~/components/claim/claim-status-badge";
import { CLAIM_STATUS_FOR_CUSTOMER } from "~/components/claim/claim-status-words";
import { ClaimUploadForm } from "~/components/claim/claim-upload-form";
import { Detail, DetailSection } from "~/components/ui/detail";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextareaField } from "~/components/ui/field";
import { notCheckedHere, useValidateChanged, useValidatorOnFirstUse, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { SubmitButton } from "~/components/ui/submit-button";
import { ApiError, apiClient } from "~/lib/api.server";
import { claimPagePath } from "~/lib/claim-step-names";
import {
  checkUploadedFile,
  ClaimUploadFormSchema,
  formatFileSize,
  MyClaimDetailSchema,
  MyClaimMessageBodySchema,
  UPLOAD_MAX_TEXT,
} from "~/lib/claim-steps.server";
import { notFound } from "~/lib/http";
import { POSITIVE_INT } from "~/lib/ids";
import { siteTitle } from "~/lib/page-title";
import { parseForm } from "~/lib/parse-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

/**
 * /mi-poliza/{id}/siniestros/{claimId}: one of the customer's claims (issue 26, ADR 042): its number
 * and where it stands in their words, what they declared, why it is not covered or was rejected,
 * what is to be paid or was paid (the IBAN masked), the documents the handler asked for (each with
 * its upload, which answers the request), the files (downloads) and the thread with the handler.
 * Opening it marks the handler's messages read. Someone else's claim: 404.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: siteTitle(data ? `Siniestro ${data.claim.number}` : "Siniestro", matches) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const claimNotFound = () => notFound("Siniestro no encontrado");

async function readClaim(request: Request, context: LoaderFunctionArgs["context"], token: string, params: LoaderFunctionArgs["params"]) {
  if (!POSITIVE_INT.test(params.id ?? "") || !POSITIVE_INT.test(params.claimId ?? "")) throw claimNotFound();
  try {
    const claim = await apiClient(context, request, token).get(`/me/claims/${params.claimId}`, {
      schema: MyClaimDetailSchema,
      signal: request.signal,
    });
    // The claim of another of their policies under this policy's address: not found here either.
    if (String(claim.policy.id) !== params.id) throw claimNotFound();
    return claim;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw claimNotFound();
    throw error;
  }
}

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async ({ request, context, params, requireVisitor }) => {
      const claim = await readClaim(request, context, (await requireVisitor()).token, params);
      const files = claim.thread.files.map((f) => ({ ...f, size: formatFileSize(f.sizeBytes) }));
      return { claim: { ...claim, thread: { ...claim.thread, files } }, uploadMax: UPLOAD_MAX_TEXT };
    },
    { private: true },
  );

type Reply = { form: string; result: SubmissionResult<string[]> };

export const action = (args: ActionFunctionArgs) =>
  visitorAction(
    args,
    async ({ request, context, params, form, requireVisitor }) => {
      const visitor = await requireVisitor();
      const claim = await readClaim(request, context, visitor.token, params);
      const api = apiClient(context, request, visitor.token);
      const back = claimPagePath(claim.policy.id, claim.id);
      if (form.formData.get("intent") === "mensaje") {
        const wrap = (result: SubmissionResult<string[]>) => ({ form: "mensaje", result }) satisfies Reply;
        const { body } = form.parse(MyClaimMessageBodySchema, { wrap });
        await api.post(`/me/claims/${claim.id}/messages`, { body: { body } });
        return redirectWithToast(`${back}#mensajes`, {
          type: "success",
          title: "Mensaje enviado",
          description: "Su tramitador lo leerá y le contestará aquí.",
        });
      }
      const submission = parseForm(form.formData, ClaimUploadFormSchema);
      const requestId = form.formData.get("requestId");
      const formId = typeof requestId === "string" && requestId ? `documento-pedido-${requestId}` : "documento-nuevo";
      const wrap = (result: SubmissionResult<string[]>) => ({ form: formId, result }) satisfies Reply;
      const value = form.check(submission, { hideFields: ["file"], fields: ["kind", "file"], wrap });
      const check = checkUploadedFile({ name: value.file.name, content: new Uint8Array(await value.file.arrayBuffer()) });
      if (!check.ok) form.refuse(wrap(submission.reply({ fieldErrors: { file: [check.message] }, hideFields: ["file"] })));
      const body = new FormData();
      body.set("kind", value.kind);
      if (value.requestId) body.set("requestId", String(value.requestId));
      body.set("file", value.file, value.file.name);
      await api.post(`/me/claims/${claim.id}/files`, { body });
      return redirectWithToast(`${back}#documentos`, {
        type: "success",
        title: value.requestId ? "Documento enviado" : "Fichero añadido",
        description: `${CLAIM_DOCUMENT_KIND_LABELS[value.kind]}: lo verá su tramitador.`,
      });
    },
    { private: true },
  );

const fileHref = (policyId: number, claimId: number, fileId: number) => `${claimPagePath(policyId, claimId)}/ficheros/${fileId}`;

export default function ClaimPage() {
  const { claim, uploadMax } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const resultFor = (form: string) => (reply?.form === form ? reply.result : undefined);
  const { thread } = claim;
  const open = thread.requests.filter((r) => r.fulfilledAt === null);
  const answered = thread.requests.filter((r) => r.fulfilledAt !== null);
  const closed = claim.status === "cerrado";
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <p>
          <Link to={`/mi-poliza/${claim.policy.id}`}>{`Volver a la póliza ${claim.policy.number}`}</Link>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{`Siniestro ${claim.number}`}</h1>
          <ClaimStatusBadge status={claim.status} />
        </div>
        <p className="mt-3 text-lg text-slate-700">{CLAIM_STATUS_FOR_CUSTOMER[claim.status]}</p>

        {claim.rejectionReason ? (
          <DetailSection id="rechazo" title="Por qué lo hemos rechazado" className="mt-8">
            <p className="whitespace-pre-line">{claim.rejectionReason}</p>
          </DetailSection>
        ) : claim.refusal.length ? (
          <DetailSection id="cobertura" title="Por qué no está cubierto" className="mt-8">
            <ul className="space-y-2">
              {claim.refusal.map((r) => (
                <li key={r.text}>
                  {r.text}
                  {r.article ? <span className="text-slate-600">{` (${r.article})`}</span> : null}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-slate-700">Un tramitador lo revisará igualmente. Si cree que nos equivocamos, escríbanos abajo.</p>
          </DetailSection>
        ) : null}

        {claim.paid || claim.payableCents !== null ? (
          <DetailSection id="indemnizacion" title="Indemnización" className="mt-8">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[14rem_1fr]">
              {claim.paid ? (
                <Detail term="Pagado">{`${formatMoney(claim.paid.cents)} el ${formatDate(claim.paid.at)} en la cuenta ${claim.paid.ibanMasked}`}</Detail>
              ) : (
                <Detail term="Importe a pagar">{formatMoney(claim.payableCents!)}</Detail>
              )}
            </dl>
          </DetailSection>
        ) : null}

        <DetailSection id="declarado" title="Lo que declaró" className="mt-8">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[14rem_1fr]">
            <Detail term="Qué ha pasado">{CLAIM_EVENT_TYPE_INFO[claim.eventType].label}</Detail>
            <Detail term="Cuándo">{formatDateTime(claim.occurredAt)}</Detail>
            <Detail term="Dónde">{claim.place ?? "Sin indicar"}</Detail>
            <Detail term="Descripción">
              <span className="whitespace-pre-line">{claim.description}</span>
            </Detail>
            <Detail term="Declarado el">{formatDateTime(claim.declaredAt)}</Detail>
          </dl>
        </DetailSection>

        <DetailSection id="documentos" title="Fotos y documentos" className="mt-8">
          {open.length ? (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-4">
              <h3 className="text-lg font-bold">Documentos que le pedimos</h3>
              <ul className="mt-2 space-y-4">
                {open.map((r) => (
                  <li key={r.id} aria-label={`Documento pedido: ${CLAIM_DOCUMENT_KIND_LABELS[r.kind]}`}>
                    <p className="font-semibold">{CLAIM_DOCUMENT_KIND_LABELS[r.kind]}</p>
                    <p className="text-slate-700">{`Pedido el ${formatDate(r.requestedAt)}${r.note ? `: ${r.note}` : ""}`}</p>
                    <ClaimUploadForm
                      id={`documento-pedido-${r.id}`}
                      heading={`Enviar: ${CLAIM_DOCUMENT_KIND_LABELS[r.kind]}`}
                      request={{ id: r.id, kind: r.kind }}
                      lastResult={resultFor(`documento-pedido-${r.id}`)}
                      submitLabel="Enviar documento"
                      maxText={uploadMax}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {answered.length ? (
            <ul className="mt-4 space-y-1 text-slate-700">
              {answered.map((r) => (
                <li
                  key={r.id}
                >{`${CLAIM_DOCUMENT_KIND_LABELS[r.kind]}: pedido el ${formatDate(r.requestedAt)}, enviado el ${formatDate(r.fulfilledAt!)}.`}</li>
              ))}
            </ul>
          ) : null}
          {thread.files.length ? (
            <ul className="mt-4 space-y-2">
              {thread.files.map((f) => (
                <li key={f.id}>
                  <a href={fileHref(claim.policy.id, claim.id, f.id)}>{f.filename}</a>
                  {` (${CLAIM_DOCUMENT_KIND_LABELS[f.kind]}, ${f.size}; ${f.uploadedBy === "cliente" ? "enviado por usted" : "añadido por su tramitador"} el ${formatDate(f.at)})`}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-700">No hay fotos ni documentos.</p>
          )}
          {closed ? null : (
            <ClaimUploadForm
              key={thread.files.length}
              id="documento-nuevo"
              heading="Añadir otra foto o documento"
              lastResult={resultFor("documento-nuevo")}
              submitLabel="Añadir fichero"
              maxText={uploadMax}
            />
          )}
        </DetailSection>

        <DetailSection id="mensajes" title="Mensajes con su tramitador" className="mt-8">
          {thread.messages.length ? (
            <ol className="space-y-3">
              {thread.messages.map((m) => (
                <li
                  key={m.id}
                  className={`rounded-md border p-3 ${m.author === "cliente" ? "border-slate-200 bg-white" : "border-brand-100 bg-brand-50"}`}
                >
                  <p className="text-sm text-slate-600">{`${m.author === "cliente" ? "Usted" : (m.authorName ?? "Su tramitador")}, ${formatDateTime(m.at)}`}</p>
                  <p className="mt-1 whitespace-pre-line break-words">{m.body}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-700">Todavía no hay mensajes. Si quiere contarnos algo más, escríbanos.</p>
          )}
          {/* A new, empty form once a message is sent. */}
          <MessageForm key={thread.messages.length} lastResult={resultFor("mensaje")} />
        </DetailSection>
      </div>
    </div>
  );
}

const MESSAGE_FORM_ID = "mensaje";
const loadValidator = () => import("~/components/claim/claim-validation");

function MessageForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const validator = useValidatorOnFirstUse(MESSAGE_FORM_ID, loadValidator);
  const [form, fields] = useForm<{ body: string }>({
    id: MESSAGE_FORM_ID,
    lastResult,
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => validator.current?.validateMessage(formData) ?? notCheckedHere(formData),
  });
  useValidateChanged(form);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-6">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="mensaje" />
      <ErrorSummary form={form} fields={[fields.body]} title="No se ha enviado el mensaje" />
      <TextareaField meta={fields.body} label="Su mensaje" rows={4} textareaProps={{ maxLength: 4000 }} className="mt-2" />
      <div className="mt-4">
        <SubmitButton pendingText="Enviando…">Enviar mensaje</SubmitButton>
      </div>
    </Form>
  );
}
