import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import type { AdminUserRow } from "../../../api/contract/admin-users";
import { newPasswordField, PASSWORD_MIN_LENGTH } from "../../../api/contract/auth";
import { ConfirmAction, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary, FormErrorsAlert } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

// The panels of /admin/users/{id}: its role, a new temporary password, and its access
// (deactivate or reactivate, which asks first), each a form of the page's runStaffAction.

export const RoleFormSchema = z.object({
  roleId: z.number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" }).int().positive("Elige un rol"),
});
export const PasswordFormSchema = z.object({
  password: newPasswordField("Introduce la contraseña temporal nueva"),
});

export function confirmCopy(intent: "deactivate" | "reactivate", username: string): ConfirmCopy {
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

export function RoleSection({
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

export function PasswordSection({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
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

export function AccessSection({
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
