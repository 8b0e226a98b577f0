import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ClaimDraft } from "../../api/contract/claims";
import {
  CLAIM_CONTACT_TIME_LABELS,
  CLAIM_CONTACT_TIMES,
  CLAIM_DOCUMENT_KIND_LABELS,
  CLAIM_EVENT_TYPE_INFO,
  claimEventTypesOf,
  type ClaimEventType,
} from "../../api/contract/claim-vocabulary";
import { ClaimUploadForm } from "~/components/claim/claim-upload-form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, TextareaField } from "~/components/ui/field";
import { notCheckedHere, useValidateChanged, useValidatorOnFirstUse, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton } from "~/components/ui/submit-button";
import { ApiError, apiClient } from "~/lib/api.server";
import {
  BACK_TO_SUMMARY,
  CLAIM_STEP_TITLES,
  CLAIM_STEPS,
  claimPagePath,
  claimStepPath,
  isClaimStep,
  nextStep,
  previousStep,
  type ClaimStep,
} from "~/lib/claim-step-names";
import {
  checkUploadedFile,
  ClaimUploadFormSchema,
  claimStepSchema,
  DeclaredClaimSchema,
  formatFileSize,
  MyClaimDraftSchema,
  UPLOAD_MAX_TEXT,
} from "~/lib/claim-steps.server";
import { notFound } from "~/lib/http";
import { siteTitle } from "~/lib/page-title";
import { parseForm } from "~/lib/parse-form.server";
import { readOwnPolicy } from "~/lib/policies.server";
import { redirectWithToast } from "~/lib/toast.server";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

/**
 * /mi-poliza/{id}/siniestro/{paso}: declaring a claim, one question per screen (issue 26, ADR 042):
 * qué → cuándo → dónde → descripción → fotos y documentos → contacto → resumen. Each step is a POST
 * that saves the policy's draft (PUT …/claims/draft) and goes on to the next, so leaving and coming
 * back loses nothing, with or without JavaScript; a refused step comes back with its messages and
 * what was typed. The summary declares it and opens the claim's page.
 */
type QuestionStep = Exclude<ClaimStep, "documentos" | "resumen">;

/** The form fields of each question step; their values are kept in the draft as typed. */
const STEP_FIELDS: Record<QuestionStep, readonly string[]> = {
  que: ["eventType"],
  cuando: ["occurredAt"],
  donde: ["place"],
  descripcion: ["description", "amountClaimedCents", "otherPlate", "otherInsurer", "rentMonthsUnpaid"],
  contacto: ["contactPhone", "contactEmail", "contactTime"],
};
/** The form's name of a draft field when it differs (the amount is typed in euros; the API's field is amountClaimedCents). */
const DRAFT_KEY: Record<string, keyof ClaimDraft> = { amountClaimedCents: "amountClaimed" };
const draftKey = (field: string) => DRAFT_KEY[field] ?? (field as keyof ClaimDraft);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: siteTitle(data ? `${CLAIM_STEP_TITLES[data.step]} · Declarar un siniestro` : "Declarar un siniestro", matches) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function stepOf(value: string | undefined): ClaimStep {
  if (!isClaimStep(value)) throw notFound("Página no encontrada");
  return value;
}

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async ({ request, context, params, addHeaders, requireVisitor }) => {
      const step = stepOf(params.paso);
      const { policy, headers } = await readOwnPolicy(request, context, params.id);
      addHeaders(headers);
      const visitor = await requireVisitor();
      const answer = await apiClient(context, request, visitor.token).get(`/me/policies/${policy.id}/claims/draft`, {
        schema: MyClaimDraftSchema,
        signal: request.signal,
      });
      // The details and the documents depend on what happened: asked first.
      if ((step === "descripcion" || step === "documentos") && !answer.draft?.eventType) throw redirect(claimStepPath(policy.id, "que"));
      return {
        step,
        policy: { id: policy.id, number: policy.number, line: policy.line, lineName: policy.lineName, holder: policy.policyholder },
        ...answer,
        files: answer.files.map((f) => ({ ...f, size: formatFileSize(f.sizeBytes) })),
        uploadMax: UPLOAD_MAX_TEXT,
      };
    },
    { private: true },
  );

type Reply = { form: "paso" | "subir"; result: SubmissionResult<string[]> } | { form: "declarar"; errors: Record<string, string[]>; message: string };

/** The draft's fields as the API takes them to declare (values as typed). */
function declarationBody(draft: ClaimDraft) {
  const { amountClaimed, ...rest } = draft;
  return { ...rest, amountClaimedCents: amountClaimed };
}

/** The field of the declaration → the step that asks it, for the summary's links to what the API refused. */
const FIELD_STEP: Record<string, ClaimStep> = {
  eventType: "que",
  occurredAt: "cuando",
  place: "donde",
  description: "descripcion",
  amountClaimedCents: "descripcion",
  otherPlate: "descripcion",
  otherInsurer: "descripcion",
  rentMonthsUnpaid: "descripcion",
  contactPhone: "contacto",
  contactEmail: "contacto",
  contactTime: "contacto",
};

export const action = (args: ActionFunctionArgs) =>
  visitorAction(
    args,
    async ({ request, context, params, form, requireVisitor }) => {
      const step = stepOf(params.paso);
      const { policy } = await readOwnPolicy(request, context, params.id);
      const api = apiClient(context, request, (await requireVisitor()).token);
      const draftPath = `/me/policies/${policy.id}/claims/draft`;
      const { draft, coverSince, now } = await api.get(draftPath, { schema: MyClaimDraftSchema });
      const current: ClaimDraft = draft ?? {};
      const back = form.formData.get(BACK_TO_SUMMARY) === "resumen";

      if (step === "documentos") {
        const intent = form.formData.get("intent");
        if (intent === "quitar") {
          const fileId = String(form.formData.get("fileId") ?? "");
          if (!/^[1-9]\d{0,9}$/.test(fileId)) throw notFound("Fichero no encontrado");
          try {
            await api.delete(`${draftPath}/files/${fileId}`);
          } catch (error) {
            // Already taken back (two tabs, a second press): the list says how it stands.
            if (!(error instanceof ApiError && error.status === 404)) throw error;
          }
          return redirectWithToast(claimStepPath(policy.id, "documentos"), { type: "success", title: "Fichero quitado de la declaración" });
        }
        const submission = parseForm(form.formData, ClaimUploadFormSchema);
        const wrap = (result: SubmissionResult<string[]>) => ({ form: "subir", result }) satisfies Reply;
        const { kind, file } = form.check(submission, { hideFields: ["file"], fields: ["kind", "file"], wrap });
        // The size is the schema's; the type by content, as the API checks it, before the file travels.
        const check = checkUploadedFile({ name: file.name, content: new Uint8Array(await file.arrayBuffer()) });
        if (!check.ok) form.refuse(wrap(submission.reply({ fieldErrors: { file: [check.message] }, hideFields: ["file"] })));
        const body = new FormData();
        body.set("kind", kind);
        body.set("file", file, file.name);
        const added = await api.post(`${draftPath}/files`, { body });
        const name = (added as { filename?: string } | null)?.filename ?? file.name;
        return redirectWithToast(claimStepPath(policy.id, "documentos"), {
          type: "success",
          title: "Fichero añadido",
          description: `${CLAIM_DOCUMENT_KIND_LABELS[kind]}: ${name}`,
        });
      }

      if (step === "resumen") {
        try {
          const declared = await api.post(`/me/policies/${policy.id}/claims`, { body: declarationBody(current), schema: DeclaredClaimSchema });
          const to = current.contactEmail || policy.policyholder.email;
          return redirectWithToast(claimPagePath(policy.id, declared.claim.id), {
            type: "success",
            title: `Siniestro ${declared.claim.number} declarado`,
            description: to ? `Le hemos enviado la confirmación a ${to}.` : "Lo verá siempre en Mi póliza.",
          });
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) {
            const reply: Reply = { form: "declarar", errors: error.body.fieldErrors ?? {}, message: error.body.error };
            return form.refuse(reply);
          }
          throw error;
        }
      }

      const ctx = { line: policy.line, now, coverSince, eventType: current.eventType ?? null };
      const wrap = (result: SubmissionResult<string[]>) => ({ form: "paso", result }) satisfies Reply;
      form.parse(claimStepSchema(step, ctx), { wrap, fields: STEP_FIELDS[step] });
      // Saved as typed: the draft shows back what the customer wrote.
      const next: ClaimDraft = { ...current };
      for (const field of STEP_FIELDS[step]) {
        const value = form.formData.get(field);
        const typed = typeof value === "string" ? value.trim() : "";
        (next as Record<string, string | undefined>)[draftKey(field)] = typed === "" ? undefined : typed;
      }
      if (step === "que") {
        // The details of another type do not belong to this one.
        const type = next.eventType as ClaimEventType;
        if (type !== "auto_colision") [next.otherPlate, next.otherInsurer] = [undefined, undefined];
        if (type !== "alquiler_impago") next.rentMonthsUnpaid = undefined;
      }
      const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as ClaimDraft;
      await api.put(draftPath, { body: clean });
      return redirect(claimStepPath(policy.id, back ? "resumen" : nextStep(step)));
    },
    { private: true },
  );

const loadValidator = () => import("~/components/claim/claim-validation");

export default function DeclareClaimStepPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const [params] = useSearchParams();
  const { step, policy } = data;
  const back = params.get(BACK_TO_SUMMARY) === "resumen";
  const previous = previousStep(step);
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <p>
          {previous ? (
            <Link to={claimStepPath(policy.id, previous)}>Volver al paso anterior</Link>
          ) : (
            <Link to={`/mi-poliza/${policy.id}`}>Volver a la póliza</Link>
          )}
        </p>
        <p className="mt-4 text-slate-600">
          {`Declarar un siniestro · Póliza ${policy.number} (${policy.lineName}) · Paso ${CLAIM_STEPS.indexOf(step) + 1} de ${CLAIM_STEPS.length}`}
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{CLAIM_STEP_TITLES[step]}</h1>
        {step === "documentos" ? (
          <DocumentsStep data={data} lastResult={reply?.form === "subir" ? reply.result : undefined} />
        ) : step === "resumen" ? (
          <SummaryStep data={data} refused={reply?.form === "declarar" ? reply : undefined} />
        ) : (
          // One form per step: conform's state (values, errors) does not carry over to the next question.
          <QuestionForm key={step} data={data} step={step} back={back} lastResult={reply?.form === "paso" ? reply.result : undefined} />
        )}
        <p className="mt-10 text-slate-600">
          Lo que escribe se guarda en cada paso: puede dejarlo y seguir más tarde desde <Link to={`/mi-poliza/${policy.id}`}>su póliza</Link>.
        </p>
      </div>
    </div>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** The draft's values as the step's form shows them (the amount under its form name). */
function defaultsOf(draft: ClaimDraft | null, step: QuestionStep, holder: Data["policy"]["holder"]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of STEP_FIELDS[step]) {
    const value = draft?.[draftKey(field)];
    if (value !== undefined) values[field] = String(value);
  }
  if (step === "contacto") {
    values.contactPhone ??= holder.phone ?? "";
    values.contactEmail ??= holder.email ?? "";
    values.contactTime ??= "indiferente";
  }
  return values;
}

function QuestionForm({ data, step, back, lastResult }: { data: Data; step: QuestionStep; back: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { policy, draft, coverSince, now } = data;
  const ctx = { line: policy.line, now, coverSince, eventType: draft?.eventType ?? null };
  const formId = `declarar-${step}`;
  const validator = useValidatorOnFirstUse(formId, loadValidator);
  const [form, fields] = useForm<Record<string, string>, unknown>({
    id: formId,
    lastResult,
    defaultValue: defaultsOf(draft, step, policy.holder),
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => validator.current?.validateStep(step, ctx, formData) ?? notCheckedHere(formData),
  });
  useValidateChanged(form);
  const type = draft?.eventType ?? null;
  const shown = STEP_FIELDS[step]
    .filter((f) => (f !== "otherPlate" && f !== "otherInsurer") || type === "auto_colision")
    .filter((f) => f !== "rentMonthsUnpaid" || type === "alquiler_impago")
    .map((f) => fields[f]!);
  return (
    <>
      <ErrorSummary form={form} fields={shown} />
      <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
        <AuthenticityTokenInput />
        {back ? <input type="hidden" name={BACK_TO_SUMMARY} value="resumen" /> : null}
        {step === "que" ? (
          <RadioGroup
            meta={fields.eventType!}
            legend="Elija lo que mejor lo describe"
            size="md"
            options={claimEventTypesOf(policy.line).map((t) => ({ value: t, label: CLAIM_EVENT_TYPE_INFO[t].label }))}
          />
        ) : null}
        {step === "cuando" ? (
          <Field
            meta={fields.occurredAt!}
            label="Fecha y hora"
            hint={`Escriba día, mes, año y hora: dd/mm/aaaa hh:mm. Por ejemplo, 03/02/2026 14:30. Si no sabe la hora exacta, ponga la aproximada. Su póliza cubre desde el ${formatDay(coverSince)}.`}
            width="sm"
            inputProps={{ inputMode: "numeric", autoComplete: "off", spellCheck: false, maxLength: 30 }}
          />
        ) : null}
        {step === "donde" ? (
          <Field
            meta={fields.place!}
            label="Lugar"
            hint="Una dirección, una carretera y su punto kilométrico, o una localidad."
            width="lg"
            inputProps={{ maxLength: 300 }}
          />
        ) : null}
        {step === "descripcion" ? (
          <>
            <TextareaField
              meta={fields.description!}
              label="Qué ocurrió"
              hint="Con sus palabras: qué pasó, qué se ha dañado y qué ha hecho desde entonces. Al menos 20 caracteres."
              rows={6}
              textareaProps={{ maxLength: 4000 }}
            />
            {type === "auto_colision" ? (
              <>
                <Field meta={fields.otherPlate!} label="Matrícula del otro vehículo" width="sm" inputProps={{ autoComplete: "off", maxLength: 20 }} />
                <Field
                  meta={fields.otherInsurer!}
                  label="Aseguradora del otro vehículo"
                  hint="Figura en el parte amistoso (Declaración Amistosa de Accidente)."
                  width="md"
                  inputProps={{ maxLength: 120 }}
                />
              </>
            ) : null}
            {type === "alquiler_impago" ? (
              <Field
                meta={fields.rentMonthsUnpaid!}
                label="Mensualidades que le debe el inquilino"
                hint="Un número de 1 a 18."
                width="xs"
                inputProps={{ inputMode: "numeric", maxLength: 5 }}
              />
            ) : null}
            <Field
              meta={fields.amountClaimedCents!}
              label="Importe aproximado de los daños, en euros (opcional)"
              hint="Si lo sabe, por ejemplo 1.234,56. Lo valorará el tramitador."
              width="sm"
              inputProps={{ inputMode: "decimal", maxLength: 30 }}
            />
          </>
        ) : null}
        {step === "contacto" ? (
          <>
            <Field
              meta={fields.contactPhone!}
              label="Teléfono"
              type="tel"
              width="sm"
              hint="Por ejemplo, 600 123 456"
              inputProps={{ autoComplete: "tel" }}
            />
            <Field
              meta={fields.contactEmail!}
              label="Correo electrónico (opcional)"
              type="email"
              width="md"
              hint="Le enviaremos ahí la confirmación y los avisos del siniestro."
              inputProps={{ autoComplete: "email" }}
            />
            <RadioGroup
              meta={fields.contactTime!}
              legend="¿Cuándo prefiere que le llamemos?"
              size="md"
              options={CLAIM_CONTACT_TIMES.map((t) => ({ value: t, label: CLAIM_CONTACT_TIME_LABELS[t] }))}
            />
          </>
        ) : null}
        <div className="mt-8">
          <SubmitButton pendingText="Guardando…">{back ? "Guardar y volver al resumen" : "Continuar"}</SubmitButton>
        </div>
      </Form>
    </>
  );
}

function formatDay(iso: string) {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

function DocumentsStep({ data, lastResult }: { data: Data; lastResult?: SubmissionResult<string[]> }) {
  const { policy, draft, files } = data;
  const type = draft!.eventType as ClaimEventType;
  const usual = CLAIM_EVENT_TYPE_INFO[type].documents;
  const missing = usual.find((kind) => !files.some((f) => f.kind === kind));
  return (
    <>
      <p className="mt-3 text-lg text-slate-700">
        Puede añadir varias fotos y documentos, uno a uno. No son obligatorios para declarar: también podrá enviarlos después desde el siniestro.
      </p>
      {usual.length ? (
        <div className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-4">
          <p className="font-semibold">{`Para «${CLAIM_EVENT_TYPE_INFO[type].label}» suele hacer falta:`}</p>
          <ul className="mt-2 list-disc pl-6">
            {usual.map((kind) => (
              <li key={kind}>{CLAIM_DOCUMENT_KIND_LABELS[kind]}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <DraftFiles policyId={policy.id} files={files} />
      <ClaimUploadForm
        // A new form after each file added or taken back: the next missing document chosen, the file field empty.
        key={files.map((f) => f.id).join("-")}
        id="subir-fichero"
        heading="Añadir una foto o un documento"
        lastResult={lastResult}
        defaultKind={missing ?? usual[0] ?? "foto"}
        submitLabel="Añadir fichero"
        maxText={data.uploadMax}
      />
      <p className="mt-8">
        <Link to={claimStepPath(policy.id, "contacto")} className="btn-primary">
          Continuar
        </Link>
      </p>
    </>
  );
}

function DraftFiles({ policyId, files }: { policyId: number; files: Data["files"] }) {
  return (
    <section aria-labelledby="ficheros-titulo" className="mt-6">
      <h2 id="ficheros-titulo" className="text-xl font-bold text-slate-900">
        Ficheros añadidos
      </h2>
      {files.length === 0 ? (
        <p className="mt-2 text-slate-700">Todavía no ha añadido ninguno.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span>{`${CLAIM_DOCUMENT_KIND_LABELS[f.kind]}: ${f.filename} (${f.size})`}</span>
              <Form method="post" action={claimStepPath(policyId, "documentos")}>
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="quitar" />
                <input type="hidden" name="fileId" value={f.id} />
                <SubmitButton variant="secondary" pendingText="Quitando…">
                  Quitar<span className="sr-only">{` ${f.filename}`}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SummaryStep({ data, refused }: { data: Data; refused?: Extract<Reply, { form: "declarar" }> }) {
  const { policy, draft, files } = data;
  const d = draft ?? {};
  const type = d.eventType ? CLAIM_EVENT_TYPE_INFO[d.eventType] : null;
  const rows: { term: string; value: string; step: ClaimStep }[] = [
    { term: "Qué ha pasado", value: type?.label ?? "Sin indicar", step: "que" },
    { term: "Cuándo", value: d.occurredAt ?? "Sin indicar", step: "cuando" },
    { term: "Dónde", value: d.place ?? "Sin indicar", step: "donde" },
    { term: "Descripción", value: d.description ?? "Sin indicar", step: "descripcion" },
    ...(d.eventType === "auto_colision"
      ? [
          { term: "Matrícula del otro vehículo", value: d.otherPlate ?? "Sin indicar", step: "descripcion" as const },
          { term: "Aseguradora del otro vehículo", value: d.otherInsurer ?? "Sin indicar", step: "descripcion" as const },
        ]
      : []),
    ...(d.eventType === "alquiler_impago"
      ? [{ term: "Mensualidades debidas", value: d.rentMonthsUnpaid ?? "Sin indicar", step: "descripcion" as const }]
      : []),
    { term: "Importe aproximado", value: d.amountClaimed ? `${d.amountClaimed} €` : "Sin indicar", step: "descripcion" },
    {
      term: "Fotos y documentos",
      value: files.length ? files.map((f) => `${CLAIM_DOCUMENT_KIND_LABELS[f.kind]}: ${f.filename}`).join("; ") : "Ninguno",
      step: "documentos",
    },
    { term: "Teléfono", value: d.contactPhone ?? "Sin indicar", step: "contacto" },
    { term: "Correo electrónico", value: d.contactEmail ?? policy.holder.email ?? "Sin indicar", step: "contacto" },
    { term: "Cuándo llamarle", value: CLAIM_CONTACT_TIME_LABELS[d.contactTime ?? "indiferente"], step: "contacto" },
  ];
  const problems = refused ? Object.entries(refused.errors).flatMap(([field, messages]) => messages.map((m) => ({ field, message: m }))) : [];
  return (
    <>
      {refused ? (
        <div role="alert" className="mt-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <h2 className="text-lg font-bold text-red-800">Falta algo para declararlo</h2>
          <ul className="mt-2 space-y-1">
            {problems.length ? (
              problems.map((p) => (
                <li key={`${p.field}-${p.message}`}>
                  <Link
                    to={`${claimStepPath(policy.id, FIELD_STEP[p.field] ?? "que")}?${BACK_TO_SUMMARY}=resumen`}
                    className="text-red-800 underline"
                  >
                    {p.message}
                  </Link>
                </li>
              ))
            ) : (
              <li>{refused.message}</li>
            )}
          </ul>
        </div>
      ) : null}
      <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
        {rows.map((row) => (
          <div key={row.term} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[12rem_1fr_auto] sm:gap-4">
            <dt className="font-semibold text-slate-700">{row.term}</dt>
            <dd className="whitespace-pre-line break-words">{row.value}</dd>
            <dd>
              <Link to={`${claimStepPath(policy.id, row.step)}?${BACK_TO_SUMMARY}=resumen`}>
                Cambiar<span className="sr-only">{` ${row.term.toLowerCase()}`}</span>
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-slate-700">
        Al declararlo comprobamos la cobertura de su póliza el día en que ocurrió y le damos un número de siniestro. Un tramitador se pondrá en
        contacto con usted.
      </p>
      <Form method="post" className="mt-6">
        <AuthenticityTokenInput />
        <SubmitButton pendingText="Declarando…">Declarar el siniestro</SubmitButton>
      </Form>
    </>
  );
}
