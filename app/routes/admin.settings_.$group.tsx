import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "../../api/contract/format";
import { hasPermission } from "../../api/contract/permissions";
import { settingFormSchema, SETTING_FIELDS } from "../../api/contract/setting-forms";
import {
  SETTING_GROUP_KEYS,
  SETTING_GROUP_LABELS,
  SETTING_GROUPS,
  SettingDetailSchema,
  type SettingGroup,
  type SettingKey,
} from "../../api/contract/settings";
import { saveIntent, SettingSection, WITHDRAW_INTENT, WITHDRAW_SCHEMA } from "~/components/admin/setting-section";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { ApiError } from "~/lib/api.server";
import type { StaffActionReply } from "~/lib/form-intent";
import { notFound } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent, type StaffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/settings/{group}: the business settings of one group, each with its value in force, scheduled changes, history and form (ADR 038). */
const ROUTE_ID = "routes/admin.settings_.$group";

function groupParam(value: string | undefined): SettingGroup {
  if (!(SETTING_GROUPS as readonly string[]).includes(value ?? "")) throw notFound();
  return value as SettingGroup;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? SETTING_GROUP_LABELS[data.group] : "Configuración", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params, request }) => {
    const group = groupParam(params.group);
    const settings = await Promise.all(
      SETTING_GROUP_KEYS[group].map((key) => api.get(`/admin/settings/${key}`, { schema: SettingDetailSchema, signal: request.signal })),
    );
    return { group, settings, canWrite: hasPermission(admin.role.permissions, "settings:write") };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const group = groupParam(params.group);
    const back = `/admin/settings/${group}`;
    const intents: Record<string, StaffIntent> = {};
    for (const key of SETTING_GROUP_KEYS[group]) {
      intents[saveIntent(key)] = staffIntent(
        settingFormSchema(key),
        async (body) => {
          // The API's 422 names the same fields as the form (settingFieldName): shown beside them.
          const saved = await api.post(`/admin/settings/${key}`, { body, schema: SettingDetailSchema }).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 422)
              form.fail({ fieldErrors: error.body.fieldErrors ?? {}, formErrors: [error.body.error] });
            throw error;
          });
          const future = body.effectiveFrom > saved.today;
          return redirectWithToast(`${back}#${key}`, {
            type: "success",
            title: future ? "Cambio programado" : "Ajuste cambiado",
            description: `${saved.label}: el nuevo valor se aplica desde el ${formatDate(body.effectiveFrom)}.`,
          });
        },
        { confirm: false, fields: [...SETTING_FIELDS[key].map((f) => f.name), "effectiveFrom", "note"] },
      );
    }
    intents[WITHDRAW_INTENT] = staffIntent(WITHDRAW_SCHEMA, async (_values, target) => {
      const [key, id] = (target ?? "").split(":");
      if (!SETTING_GROUP_KEYS[group].includes(key as SettingKey) || !/^\d+$/.test(id ?? "")) throw notFound();
      const after = await api.delete(`/admin/settings/${key}/versions/${id}`, { schema: SettingDetailSchema });
      return redirectWithToast(`${back}#${key}`, {
        type: "success",
        title: "Cambio retirado",
        description: `${after.label}: sigue el valor en vigor.`,
      });
    });
    return runStaffAction(form, intents);
  });

export default function SettingGroupPage() {
  const { group, settings, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <BackLink to="/admin/settings">Configuración</BackLink>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{SETTING_GROUP_LABELS[group]}</h1>
        <p className="mt-2 text-slate-700">
          {canWrite
            ? "Cada cambio lleva su fecha de efecto: las cotizaciones y documentos de antes conservan el valor que tenían."
            : "Puedes ver estos ajustes, pero no cambiarlos: tu rol no incluye modificar la configuración."}
        </p>
      </div>
      {settings.map((setting) => (
        <SettingSection key={setting.key} setting={setting} canWrite={canWrite} reply={reply} />
      ))}
    </div>
  );
}
