// Requests and answers of signing in: visitors (/auth/*) and staff (/admin/auth/*). Shared with
// app/. Emails are trimmed and lower-cased here, so every layer compares them the same way.
import { z } from "zod";
import { checkPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "../domain/password-policy";
import { documented } from "./openapi-meta";

export { checkPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "../domain/password-policy";

// A login password is never longer than this; refusing more keeps scrypt's input bounded.
const MAX_LOGIN_PASSWORD_LENGTH = 1024;

function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ required_error: messages.required, invalid_type_error: messages.required })
    .trim()
    .toLowerCase()
    .min(1, messages.required)
    .max(254, messages.invalid)
    .email(messages.invalid);
}

function existingPasswordField(required: string) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .min(1, required)
    .max(MAX_LOGIN_PASSWORD_LENGTH, "La contraseña es demasiado larga");
}

/**
 * A password being chosen: the policy's length and common-password rules. Rules that need the
 * account (not equal to the email or name) are added where the account is known.
 */
export function newPasswordField(required: string) {
  const field = z.string({ required_error: required, invalid_type_error: required }).superRefine((value, ctx) => {
    if (value === "") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: required });
      return;
    }
    for (const message of checkPasswordPolicy(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  });
  return documented(field, { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres; no una contraseña común ni igual al correo o al nombre` });
}

const ACCOUNT_RULES = new Set<string>([PASSWORD_MESSAGES.sameAsEmail, PASSWORD_MESSAGES.sameAsName]);

/** The policy's rules that depend on the account (the password is not its email or name). */
export function accountRuleMessages(password: string, account: { email?: string; name?: string }): string[] {
  return checkPasswordPolicy(password, account).filter((message) => ACCOUNT_RULES.has(message));
}

const visitorEmail = emailField({ required: "Introduzca su correo electrónico", invalid: "Introduzca un correo electrónico válido" });

// ─── Visitors ───────────────────────────────────────────────────────────────────────────

export const RegisterBodySchema = z
  .object({
    name: z
      .string({ required_error: "Introduzca su nombre", invalid_type_error: "Introduzca su nombre" })
      .trim()
      .min(1, "Introduzca su nombre")
      .max(100, "El nombre no puede tener más de 100 caracteres"),
    email: visitorEmail,
    password: newPasswordField("Introduzca la contraseña"),
  })
  .superRefine((body, ctx) => {
    for (const message of accountRuleMessages(body.password, { email: body.email, name: body.name })) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message });
    }
  });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: visitorEmail,
  password: existingPasswordField("Introduzca la contraseña"),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A signed-in visitor as the web keeps it (`auth_user`). role 'admin' marks an administrator. */
export const VisitorUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: z.string().describe("'admin' marca a un administrador; cualquier otro valor, a un cliente"),
});
export type VisitorUser = z.infer<typeof VisitorUserSchema>;

export const AuthAnswerSchema = z.object({
  token: z.string().describe("JWT HS256 con exp (segundos) y jti; se envía como Authorization: Bearer"),
  user: VisitorUserSchema,
});
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;

// ─── Staff ──────────────────────────────────────────────────────────────────────────────

export const AdminLoginBodySchema = z.object({
  email: emailField({ required: "Introduce tu correo electrónico", invalid: "Introduce un correo electrónico válido" }),
  password: existingPasswordField("Introduce la contraseña"),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBodySchema>;

/** The signed-in admin as the web keeps it (`admin-user`). */
export const AdminRecordSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.object({
    id: z.number().int(),
    name: z.string(),
    permissions: z.record(z.string(), z.boolean()).describe("Cada permiso del catálogo: true si el rol lo concede"),
  }),
});
export type AdminRecord = z.infer<typeof AdminRecordSchema>;

export const AdminLoginAnswerSchema = z.object({
  admin: AdminRecordSchema,
  token: z.string().describe("JWT HS256 con exp (segundos) y jti; se envía como Authorization: Bearer"),
});
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswerSchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: existingPasswordField("Introduce tu contraseña actual"),
  newPassword: newPasswordField("Introduce la contraseña nueva"),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const CURRENT_PASSWORD_WRONG_MESSAGE = "La contraseña actual no es correcta";
export const SAME_PASSWORD_MESSAGE = "La contraseña nueva debe ser distinta de la actual";
