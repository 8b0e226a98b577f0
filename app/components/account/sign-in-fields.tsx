import type { FieldMetadata } from "@conform-to/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Field } from "~/components/ui/field";

/**
 * What the customers' and the staff's sign-in forms share: the CSRF token, where to go
 * afterwards, the e-mail and the password (`wide`: both as wide as the form, the staff's card).
 */
export function SignInFields({
  email,
  password,
  redirectTo,
  wide = false,
}: {
  email: FieldMetadata<string>;
  password: FieldMetadata<string>;
  redirectTo: string;
  wide?: boolean;
}) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        meta={email}
        label="Correo electrónico"
        type="email"
        width={wide ? "full" : undefined}
        inputProps={{ autoComplete: "username", spellCheck: false, autoCapitalize: "none" }}
      />
      <Field meta={password} label="Contraseña" type="password" width={wide ? "full" : "sm"} inputProps={{ autoComplete: "current-password" }} />
    </>
  );
}
