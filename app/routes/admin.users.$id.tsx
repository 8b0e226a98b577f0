import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/ui/use-zod-form";
import { positiveIdParam } from "~/lib/http";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { BackLink } from "~/components/ui/back-link";
import { adminTitle } from "~/lib/page-title";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminUserRowSchema, type AdminUserRow } from "../../api/contract/admin-users";
import { RoleListSchema } from "../../api/contract/roles";
import { newPasswordField, PASSWORD_MIN_LENGTH } from "../../api/contract/auth";
import { hasPermission } from "../../api/contract/permissions";
import { Badge } from "~/components/ui/badge";
import { Detail } from "~/components/ui/detail";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary, FormErrorsAlert } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminAction, adminLoader, type IntentReply } from "~/lib/admin-route.server";
import { formatDateTime, isoDateTime } from "../../api/contract/format";
import { redirectWithToast } from "~/lib/toast.server";
import { needsConfirmation } from "~/lib/form-intent";

/** /admin/users/{id}: one account; change its role, reset its password, deactivate or reactivate it. */
const ROUTE_ID = "routes/admin.users.$id";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.user.username ?? "Usuario", matches) }];

const RoleFormSchema = z.object({
  roleId: z.number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" }).int().positive("Elige un rol"),
});
const PasswordFormSchema = z.object({
  password: newPasswordField("Introduce la contraseña temporal nueva"),
});

const INTENTS = ["role", "password", "deactivate", "reactivate"] as const;
type Intent = (typeof INTENTS)[number];

const SUCCESS: Record<Intent, string> = {
  role: "Rol cambiado",
  password: "Contraseña restablecida",
  deactivate: "Usuario desactivado",
  reactivate: "Usuario reactivado",
};

function userPath(id: number | string) {
  return `/admin/users/${id}`;
}

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params }) => {
    const id = positiveIdParam(params.id);
    const permissions = admin.role.permissions;
    const canWrite = hasPermission(permissions, "users:write");
    const [user, roles] = await Promise.all([
      api.get(`/admin/users/${id}`, { schema: AdminUserRowSchema }),
      canWrite && hasPermission(permissions, "roles:read") ? api.get("/admin/roles", { schema: RoleListSchema }) : null,
    ]);
    return {
      user,
      roles: roles ? roles.items.map((role) => ({ id: role.id, name: role.name })) : null,
      canWrite,
      isSelf: user.id === admin.id,
    };
  });

type ActionData = IntentReply<Intent>;

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const { intent, wrap } = form.intent(INTENTS);

    let body: { roleId?: number; active?: boolean; password?: string };
    if (intent === "role") body = form.parse(RoleFormSchema, { wrap });
    // A password is never sent back to the browser, right or wrong.
    else if (intent === "password") body = form.parse(PasswordFormSchema, { wrap, hideFields: ["password"] });
    else {
      // Without JavaScript the first press only asks (see ~/components/ui/confirm-dialog.tsx).
      if (needsConfirmation(form.formData)) return { intent, confirm: true } satisfies ActionData;
      form.expectNoFields({ wrap });
      body = { active: intent === "reactivate" };
    }
    const user = await api.patch(`/admin/users/${id}`, { body, schema: AdminUserRowSchema });
    return redirectWithToast(userPath(id), { type: "success", title: SUCCESS[intent], description: successDetail(intent, user) });
  });

function successDetail(intent: Intent, user: AdminUserRow): string {
  switch (intent) {
    case "role":
      return `${user.username} tiene ahora el rol ${user.role.name}.`;
    case "password":
      return `Dale a ${user.username} la contraseña temporal por un canal seguro.`;
    case "deactivate":
      return `${user.username} ya no puede entrar y sus sesiones abiertas se han cerrado.`;
    case "reactivate":
      return `${user.username} puede volver a entrar.`;
  }
}

function confirmCopy(intent: "deactivate" | "reactivate", username: string): ConfirmCopy {
  return intent === "deactivate"
    ? {
        title: `¿Desactivar a ${username}?`,
        description: "No podrá entrar en el back office y sus sesiones abiertas dejarán de funcionar al momento. Podrás reactivarlo después.",
        confirmLabel: "Sí, desactivar",
        pendingText: "Desactivando…",
        variant: "danger",
      }
    : {
        title: `¿Reactivar a ${username}?`,
        description: "Podrá volver a entrar con su contraseña y tendrá los permisos de su rol.",
        confirmLabel: "Sí, reactivar",
        pendingText: "Reactivando…",
        variant: "primary",
      };
}

export default function AdminUserPage() {
  const { user, roles, canWrite, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const accessIntent = user.active ? "deactivate" : "reactivate";
  const location = useLocation();

  return (
    <div className="space-y-6">
      <BackLink to="/admin/users">Usuarios</BackLink>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-all">{user.username}</h1>
        {user.active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>}
        {isSelf ? <Badge tone="info">Tu cuenta</Badge> : null}
      </header>

      {actionData?.confirm && (actionData.intent === "deactivate" || actionData.intent === "reactivate") && actionData.intent === accessIntent ? (
        <ConfirmStep intent={actionData.intent} copy={confirmCopy(actionData.intent, user.username)} />
      ) : null}

      <section aria-labelledby="datos-titulo">
        <h2 id="datos-titulo" className="sr-only">
          Datos de la cuenta
        </h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="Correo electrónico">
            <span className="break-all">{user.email}</span>
          </Detail>
          <Detail term="Rol">{user.role.name}</Detail>
          <Detail term="Estado">{user.active ? "Activo" : "Inactivo: no puede entrar"}</Detail>
          <Detail term="Último acceso">
            {user.lastLoginAt ? <time dateTime={isoDateTime(user.lastLoginAt)}>{formatDateTime(user.lastLoginAt)}</time> : "Nunca"}
          </Detail>
          <Detail term="Alta">
            <time dateTime={isoDateTime(user.createdAt)}>{formatDateTime(user.createdAt)}</time>
          </Detail>
        </dl>
      </section>

      {canWrite ? (
        <div className="grid gap-6 md:grid-cols-2">
          <RoleSection user={user} roles={roles} lastResult={resultFor("role")} />
          {/* Remounted after each navigation, so a password typed here never outlives its submit. */}
          <PasswordSection key={location.key} lastResult={resultFor("password")} />
          <AccessSection user={user} isSelf={isSelf} intent={accessIntent} lastResult={resultFor(accessIntent)} />
        </div>
      ) : (
        <p className="text-slate-700">Puedes ver esta cuenta, pero no cambiarla: tu rol no incluye gestionar usuarios.</p>
      )}
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-md border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-titulo`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function RoleSection({
  user,
  roles,
  lastResult,
}: {
  user: AdminUserRow;
  roles: { id: number; name: string }[] | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useZodForm({
    id: "cambiar-rol",
    schema: RoleFormSchema,
    lastResult,
    defaultValue: { roleId: String(user.role.id) },
  });
  return (
    <Panel id="cambiar-rol" title="Rol">
      {roles === null ? (
        <p className="mt-2 text-slate-700">Para cambiar el rol necesitas también el permiso de ver roles.</p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput />
          <ErrorSummary form={form} fields={[fields.roleId]} />
          <SelectField
            label="Rol de la cuenta"
            hint="Los permisos de la cuenta son los de su rol."
            meta={fields.roleId}
            width="sm"
            className="mt-4"
            options={roles.map((role) => ({ value: String(role.id), label: role.name }))}
          />
          <SubmitButton intent="role" pendingText="Guardando…" className="mt-4">
            Cambiar rol
          </SubmitButton>
        </Form>
      )}
    </Panel>
  );
}

function PasswordSection({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({
    id: "restablecer-contrasena",
    schema: PasswordFormSchema,
    lastResult,
  });
  return (
    <Panel id="restablecer-contrasena" title="Restablecer contraseña">
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput />
        <ErrorSummary form={form} fields={[fields.password]} />
        <Field
          label="Contraseña temporal nueva"
          type="password"
          hint={`Al menos ${PASSWORD_MIN_LENGTH} caracteres, que no sea una contraseña común ni su correo. La anterior deja de servir al momento.`}
          meta={fields.password}
          width="sm"
          className="mt-4"
          inputProps={{ autoComplete: "new-password" }}
        />
        <SubmitButton intent="password" pendingText="Restableciendo…" className="mt-4">
          Restablecer contraseña
        </SubmitButton>
      </Form>
    </Panel>
  );
}

function AccessSection({
  user,
  isSelf,
  intent,
  lastResult,
}: {
  user: AdminUserRow;
  isSelf: boolean;
  intent: "deactivate" | "reactivate";
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <Panel id="acceso" title={user.active ? "Desactivar cuenta" : "Reactivar cuenta"}>
      <p className="mt-2 text-slate-700">
        {user.active
          ? "Una cuenta desactivada no puede entrar y sus sesiones abiertas dejan de funcionar al momento. No se borra nada."
          : "Esta cuenta está desactivada: no puede entrar. Al reactivarla vuelve a tener los permisos de su rol."}
      </p>
      <FormErrorsAlert id={`acceso-${intent}`} lastResult={lastResult} className="mt-3" />
      <div className="mt-4">
        <ConfirmAction
          intent={intent}
          triggerLabel={user.active ? "Desactivar usuario" : "Reactivar usuario"}
          triggerVariant={user.active ? "danger" : "secondary"}
          copy={confirmCopy(intent, user.username)}
          disabledReason={isSelf && user.active ? "No puedes desactivar tu propia cuenta." : undefined}
        />
      </div>
    </Panel>
  );
}
