import type { FieldMetadata } from "@conform-to/react";
import { PASSWORD_MIN_LENGTH } from "../../../api/contract/auth";
import { Field } from "~/components/ui/field";

/** The hint under a new password of the public site (registration, a reset link). */
export const NEW_PASSWORD_HINT = `Al menos ${PASSWORD_MIN_LENGTH} caracteres. Evite contraseñas comunes y no use su nombre ni su correo.`;

/**
 * A new password and the same again (registration, /restablecer-contrasena): the rules in the
 * hint, both fields marked as a new password for password managers.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: FieldMetadata<string>;
  confirm: FieldMetadata<string>;
  labels: { password: string; confirm: string };
}) {
  return (
    <>
      <Field
        meta={password}
        label={labels.password}
        hint={NEW_PASSWORD_HINT}
        type="password"
        width="sm"
        inputProps={{ autoComplete: "new-password" }}
      />
      <Field meta={confirm} label={labels.confirm} type="password" width="sm" inputProps={{ autoComplete: "new-password" }} />
    </>
  );
}
