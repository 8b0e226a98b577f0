import { Link } from "@remix-run/react";
import { formatDate } from "../../../api/contract/format";
import { SETTING_FIELDS, settingFieldText } from "../../../api/contract/setting-forms";
import { SETTING_GROUP_LABELS, SETTING_GROUPS, type SettingKey, type SettingsOverview } from "../../../api/contract/settings";
import { Badge } from "~/components/ui/badge";

/** /admin/settings: the business settings by group (ADR 038), each with a short view of its value and any change "programado". */
export function BusinessSettings({ overview }: { overview: SettingsOverview }) {
  return (
    <section aria-labelledby="ajustes-negocio-titulo" className="mt-10">
      <h2 id="ajustes-negocio-titulo" className="text-xl font-semibold">
        Ajustes del negocio
      </h2>
      <p className="mt-1 text-slate-700">Cada cambio lleva una fecha de efecto; las cotizaciones y documentos anteriores conservan su valor.</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {SETTING_GROUPS.map((group) => {
          const settings = overview.settings.filter((s) => s.group === group);
          const scheduled = settings.flatMap((s) => s.scheduled.map((v) => ({ label: s.label, effectiveFrom: v.effectiveFrom, id: v.id })));
          return (
            <li key={group} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <h3 className="text-lg font-semibold">
                <Link to={`/admin/settings/${group}`}>{SETTING_GROUP_LABELS[group]}</Link>
              </h3>
              <ul className="mt-2 space-y-1 text-slate-700">
                {settings.map((s) => {
                  const fields = SETTING_FIELDS[s.key as SettingKey];
                  // A short line: the first field, and "…" when there are more.
                  return (
                    <li key={s.key}>
                      <span className="font-medium text-slate-900">{s.label}:</span>
                      {` ${settingFieldText(fields[0]!, s.value)}${fields.length > 1 ? "…" : ""}`}
                    </li>
                  );
                })}
              </ul>
              {scheduled.map((v) => (
                <p key={v.id} className="mt-2">
                  <Badge tone="info">Programado</Badge>
                  {` ${v.label}, desde el `}
                  <time dateTime={v.effectiveFrom}>{formatDate(v.effectiveFrom)}</time>
                </p>
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
