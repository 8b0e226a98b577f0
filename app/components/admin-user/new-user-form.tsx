import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { CreateAdminUserSchema } from "../../../api/contract/admin-users";
import { newPasswordField, PASSWORD_MIN_LENGTH } from "../../../api/contract/auth";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

/** The "Nuevo usuario" form of /admin/users/new: what it asks, checked in the browser and by its action. */
export const CreateUserFormSchema = z.object({
  username: CreateAdminUserSchema.shape.username,
  email: CreateAdminUserSchema.shape.email,
  // The policy the API applies, checked here too so the person sees it before sending.
  password: newPasswordField("Introduce una contraseña temporal"),
  roleId: z.number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" }).int().positive("Elige un rol"),
});

export function NewUserForm({ roles, lastResult }: { roles: { id: number; name: string }[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({
    id: "nuevo-usuario-form",
    schema: CreateUserFormSchema,
    lastResult,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.username, fields.email, fields.password, fields.roleId]} />
      <Field
        label="Nombre de usuario"
        hint="Letras sin tilde, números, puntos, guiones y guiones bajos."
        meta={fields.username}
        width="sm"
        inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "none" }}
      />
      <Field label="Correo electrónico" type="email" meta={fields.email} inputProps={{ autoComplete: "off", spellCheck: false }} />
      <Field
        label="Contraseña temporal"
        type="password"
        hint={`Al menos ${PASSWORD_MIN_LENGTH} caracteres, que no sea una contraseña común ni su correo. Dásela por un canal seguro: podrá cambiarla en Configuración.`}
        meta={fields.password}
        width="sm"
        inputProps={{ autoComplete: "new-password" }}
      />
      <SelectField
        label="Rol"
        meta={fields.roleId}
        width="sm"
        placeholder="Elige un rol"
        options={roles.map((role) => ({ value: String(role.id), label: role.name }))}
      />
      <SubmitButton pendingText="Creando usuario…" className="mt-6">
        Crear usuario
      </SubmitButton>
    </Form>
  );
}
