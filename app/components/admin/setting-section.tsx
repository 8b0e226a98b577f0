import { getCollectionProps, getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { formatDate, formatDateTime } from "../../../api/contract/format";
import {
  SETTING_FIELDS,
  settingChanges,
  settingFieldText,
  settingFormDefaults,
  settingFormSchema,
  type SettingField,
} from "../../../api/contract/setting-forms";
import type { SettingDetail, SettingKey, SettingVersionStatus, SettingVersionView } from "../../../api/contract/settings";
import { LINE_LABELS, LINES, type StatusTone } from "../../../api/contract/vocabulary";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import { Badge } from "~/components/ui/badge";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DateField, Field, FieldErrors, TextareaField } from "~/components/ui/field";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { INTENT_FIELD, TARGET_FIELD, type StaffActionReply } from "~/lib/form-intent";

// One business setting on its group's page (ADR 038): the value in force, the scheduled changes
// ("programado", each with its withdrawal behind a confirmation), the history of its versions, and
// for settings:write the form of a new version with its "Fecha de efecto".

export const STATUS_LABELS: Record<SettingVersionStatus, string> = {
  vigente: "En vigor",
  programado: "Programado",
  anterior: "Anterior",
  retirado: "Retirado",
};
const STATUS_TONES: Record<SettingVersionStatus, StatusTone> = { vigente: "success", programado: "info", anterior: "neutral", retirado: "neutral" };

export const saveIntent = (key: SettingKey) => `guardar-${key}`;
export const WITHDRAW_INTENT = "retirar";
export const WITHDRAW_SCHEMA = z.object({});

export function withdrawCopy(label: string, effectiveFrom: string): ConfirmCopy {
  return {
    title: `¿Retirar el cambio programado de «${label}»?`,
    description: `No se aplicará desde el ${formatDate(effectiveFrom)}: seguirá el valor que esté en vigor. Queda en el historial como retirado.`,
    confirmLabel: "Sí, retirar",
    pendingText: "Retirando…",
    variant: "danger",
  };
}

function ValueList({ settingKey, value }: { settingKey: SettingKey; value: unknown }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
      {SETTING_FIELDS[settingKey].map((f) => (
        <div key={f.name} className="contents">
          <dt className="font-semibold text-slate-700">{f.section ? `${f.section}: ${f.label.toLowerCase()}` : f.label}</dt>
          <dd className="break-words">{settingFieldText(f, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function LinesField({ meta, field }: { meta: FieldMetadata<unknown>; field: SettingField }) {
  const boxes = getCollectionProps(meta as FieldMetadata<string[]>, { type: "checkbox", options: [...LINES] });
  return (
    <fieldset className="mt-6" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="font-semibold text-slate-900">{field.label}</legend>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      {boxes.map(({ key, ...props }) => (
        <div key={key} className="mt-2 flex items-center gap-3">
          <input {...props} className="h-6 w-6 rounded border-2 border-slate-600 accent-brand-700" />
          <label htmlFor={props.id}>{LINE_LABELS[props.value as (typeof LINES)[number]]}</label>
        </div>
      ))}
    </fieldset>
  );
}

function VersionForm({ setting, lastResult }: { setting: SettingDetail; lastResult: SubmissionResult<string[]> | undefined }) {
  const key = setting.key as SettingKey;
  const schema = settingFormSchema(key);
  const [form, fields] = useZodForm({
    id: `ajuste-${key}`,
    schema,
    lastResult,
    defaultValue: { ...settingFormDefaults(key, setting.value), effectiveFrom: formatDate(setting.today) } as never,
  });
  const meta = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const specs = SETTING_FIELDS[key];
  const sections = [...new Set(specs.map((f) => f.section ?? ""))];
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl rounded-md border border-slate-300 bg-white p-4">
      <h4 className="text-lg font-bold">Nuevo valor</h4>
      <p className="mt-1 text-slate-700">Se aplica desde su fecha de efecto (hoy o más adelante) a las cotizaciones y documentos nuevos.</p>
      <AuthenticityTokenInput />
      <input type="hidden" name={INTENT_FIELD} value={saveIntent(key)} />
      <ErrorSummary form={form} fields={[...specs.map((f) => meta[f.name]!), meta.effectiveFrom!]} />
      {sections.map((section) => {
        const inner = specs
          .filter((f) => (f.section ?? "") === section)
          .map((f) =>
            f.kind === "lines" ? (
              <LinesField key={f.name} meta={meta[f.name]!} field={f} />
            ) : (
              <Field
                key={f.name}
                label={f.unit ? `${f.label} (${f.unit})` : f.label}
                hint={f.hint}
                meta={meta[f.name] as never}
                type={f.kind === "email" ? "email" : "text"}
                width={f.kind === "text" || f.kind === "email" ? "lg" : "sm"}
                inputProps={{ autoComplete: "off", ...(f.kind === "percent" || f.kind === "euros" ? { inputMode: "decimal" } : {}) }}
              />
            ),
          );
        return section ? (
          <fieldset key={section} className="mt-6">
            <legend className="font-semibold text-slate-900">{section}</legend>
            {inner}
          </fieldset>
        ) : (
          inner
        );
      })}
      <DateField
        label="Fecha de efecto"
        hint={`Desde hoy, ${formatDate(setting.today)}.`}
        example={formatDate(setting.today)}
        meta={meta.effectiveFrom as never}
      />
      <TextareaField label="Nota (opcional)" hint="Por qué se cambia; queda en el historial." meta={meta.note as never} rows={2} />
      <SubmitButton pendingText="Guardando…" className="mt-6">
        Programar cambio
      </SubmitButton>
    </Form>
  );
}

function changeText(key: SettingKey, history: SettingVersionView[], index: number): string {
  const v = history[index]!;
  const previous = history.slice(index + 1).find((p) => p.status !== "retirado");
  if (!previous) return "Valor inicial";
  const changes = settingChanges(key, previous.value, v.value);
  return changes.length ? changes.join("; ") : "Sin cambios";
}

function History({ setting }: { setting: SettingDetail }) {
  const key = setting.key as SettingKey;
  return (
    <ScrollRegion label={`Historial de ${setting.label}`} className="mt-3 rounded-md border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Historial de {setting.label}, lo más reciente primero</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-300">
            {["Desde", "Estado", "Qué cambió", "Quién", "Cuándo"].map((h) => (
              <th key={h} scope="col" className="px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {setting.history.map((v, i) => (
            <tr key={v.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="whitespace-nowrap px-3 py-2 font-normal">
                <time dateTime={v.effectiveFrom}>{formatDate(v.effectiveFrom)}</time>
              </th>
              <td className="px-3 py-2">
                <Badge tone={STATUS_TONES[v.status]}>{STATUS_LABELS[v.status]}</Badge>
              </td>
              <td className="px-3 py-2">
                {changeText(key, setting.history, i)}
                {v.note ? <span className="block text-slate-600">Nota: {v.note}</span> : null}
                {v.withdrawnAt ? <span className="block text-slate-600">Retirado por {v.withdrawnBy ?? "—"}</span> : null}
              </td>
              <td className="break-all px-3 py-2">{v.createdBy ?? "Carga inicial"}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function SettingSection({ setting, canWrite, reply }: { setting: SettingDetail; canWrite: boolean; reply: StaffActionReply | undefined }) {
  const key = setting.key as SettingKey;
  const headingId = `ajuste-${key}-titulo`;
  return (
    <section aria-labelledby={headingId} id={key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {setting.label}
      </h2>
      <p className="mt-1 text-slate-700">{setting.description}</p>
      <h3 className="mt-4 font-semibold">En vigor {setting.since ? <>desde el {formatDate(setting.since)}</> : null}</h3>
      <div className="mt-2">
        <ValueList settingKey={key} value={setting.value} />
      </div>
      {setting.scheduled.map((v) => {
        const target = `${key}:${v.id}`;
        const copy = withdrawCopy(setting.label, v.effectiveFrom);
        const own = reply?.intent === WITHDRAW_INTENT && reply.target === target ? reply : undefined;
        return (
          <div key={v.id} className="mt-4 rounded-md border border-sky-300 bg-sky-50 p-4">
            <h3 className="font-semibold">
              <Badge tone="info">Programado</Badge> desde el <time dateTime={v.effectiveFrom}>{formatDate(v.effectiveFrom)}</time>
            </h3>
            <div className="mt-2">
              <ValueList settingKey={key} value={v.value} />
            </div>
            {canWrite ? (
              <>
                {own?.confirm ? <ConfirmStep intent={WITHDRAW_INTENT} copy={copy} fields={own.confirm} /> : null}
                <ConfirmedForm
                  id={`retirar-${v.id}`}
                  schema={WITHDRAW_SCHEMA}
                  hidden={{ [INTENT_FIELD]: WITHDRAW_INTENT, [TARGET_FIELD]: target }}
                  lastResult={own?.result}
                  triggerLabel={`Retirar el cambio del ${formatDate(v.effectiveFrom)}`}
                  triggerVariant="danger"
                  copy={copy}
                  className="mt-3"
                />
              </>
            ) : null}
          </div>
        );
      })}
      {canWrite ? <VersionForm setting={setting} lastResult={reply?.intent === saveIntent(key) ? reply.result : undefined} /> : null}
      <h3 className="mt-6 font-semibold">Historial</h3>
      <History setting={setting} />
    </section>
  );
}
