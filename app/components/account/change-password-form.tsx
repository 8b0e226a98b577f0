import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PASSWORD_MIN_LENGTH } from "../../../api/contract/auth";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";

type PasswordSchema = { currentPassword: string; newPassword: string; confirmNewPassword: string };

type PasswordFields = {
  currentPassword: FieldMetadata<string>;
  newPassword: FieldMetadata<string>;
  confirmNewPassword: FieldMetadata<string>;
};

/** The public site speaks "usted", the back office "tú" (HOUSE-STYLE). */
const TEXTS = {
  usted: {
    hint: `Al menos ${PASSWORD_MIN_LENGTH} caracteres. No use una contraseña común, su correo ni su nombre.`,
    confirm: "Repita la nueva contraseña",
  },
  tu: {
    hint: `Al menos ${PASSWORD_MIN_LENGTH} caracteres. No uses una contraseña común, tu correo ni tu nombre de usuario.`,
    confirm: "Repite la nueva contraseña",
  },
} as const;

/**
 * The one form for changing one's own password (customers in /mi-cuenta, staff in
 * /admin/settings): current, new and repeated new password, sent with the CSRF token.
 * `intent`, when given, tells the action which of the page's forms this is.
 */
export function ChangePasswordForm<Schema extends PasswordSchema>({
  form,
  fields,
  email,
  voice,
  intent,
}: {
  form: FormMetadata<Schema, string[]>;
  fields: PasswordFields;
  email: string;
  voice: keyof typeof TEXTS;
  intent?: string;
}) {
  const texts = TEXTS[voice];
  return (
    <>
      <ErrorSummary form={form} fields={[fields.currentPassword, fields.newPassword, fields.confirmNewPassword]} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {/* Tells password managers which account's password changes; never read by the action. */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field meta={fields.currentPassword} label="Contraseña actual" type="password" width="sm" inputProps={{ autoComplete: "current-password" }} />
        <Field
          meta={fields.newPassword}
          label="Contraseña nueva"
          hint={texts.hint}
          type="password"
          width="sm"
          inputProps={{ autoComplete: "new-password" }}
        />
        <Field meta={fields.confirmNewPassword} label={texts.confirm} type="password" width="sm" inputProps={{ autoComplete: "new-password" }} />
        <div className="mt-8">
          <SubmitButton pendingText="Cambiando…">Cambiar contraseña</SubmitButton>
        </div>
      </Form>
    </>
  );
}
