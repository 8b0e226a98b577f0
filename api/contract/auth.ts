// Requests and answers of signing in: visitors (/auth/*) and staff (/admin/auth/*). Shared with
// app/. Emails are trimmed and lower-cased here, so every layer compares them the same way.
import { z } from "zod";
import { checkPasswordPolicy, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "../domain/password-policy";
import { isValidPhone, normalizePhone } from "../domain/phone";
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
  return documented(field, {
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres; no una contraseña común ni igual al correo o al nombre`,
  });
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

/** The signed-in customer's account as their profile shows it. */
export const VisitorProfileSchema = z.object({
  name: z.string(),
  email: z.string().describe("El correo con el que entra; no se cambia desde el perfil"),
  phone: z.string().nullable(),
});
export type VisitorProfile = z.infer<typeof VisitorProfileSchema>;

/** GET /me/policyholder — the policyholder of the customer's last policy, to prefill the next checkout. */
export const LastPolicyholderSchema = z.object({
  policyholder: z
    .object({
      name: z.string(),
      nif: z.string().nullable().describe("NIF/NIE en mayúsculas sin separadores"),
      birthDate: z.string().nullable().describe("aaaa-mm-dd"),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      postalCode: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable()
    .describe("Los datos del tomador de su póliza más reciente, tal como figuran ahora en su ficha; null si aún no tiene ninguna"),
});
export type LastPolicyholder = z.infer<typeof LastPolicyholderSchema>;

export const PROFILE_MESSAGES = {
  name: "Introduzca su nombre",
  nameTooLong: "El nombre no puede tener más de 100 caracteres",
  phone: "Introduzca un teléfono válido (por ejemplo, 600 123 456)",
} as const;

export const UpdateProfileBodySchema = z.object({
  name: z
    .string({ required_error: PROFILE_MESSAGES.name, invalid_type_error: PROFILE_MESSAGES.name })
    .trim()
    .min(1, PROFILE_MESSAGES.name)
    .max(100, PROFILE_MESSAGES.nameTooLong),
  phone: z
    .string({ invalid_type_error: PROFILE_MESSAGES.phone })
    .trim()
    .max(30, PROFILE_MESSAGES.phone)
    .refine((v) => v === "" || isValidPhone(v), PROFILE_MESSAGES.phone)
    .transform((v) => (v === "" ? null : normalizePhone(v)))
    .optional()
    .describe("Vacío lo borra; se guarda sin espacios"),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;

export const VisitorChangePasswordBodySchema = z.object({
  currentPassword: existingPasswordField("Introduzca su contraseña actual"),
  newPassword: newPasswordField("Introduzca la contraseña nueva"),
});

/** A reset link's secret as it travels in the link (base64url of 32 bytes). */
const resetTokenField = z
  .string({ required_error: "Falta el enlace", invalid_type_error: "Falta el enlace" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "El enlace no está completo: cópielo entero del correo");

export const PasswordResetRequestBodySchema = z.object({ email: visitorEmail });
export const PasswordResetCheckBodySchema = z.object({ token: resetTokenField });
export const PasswordResetBodySchema = z.object({ token: resetTokenField, password: newPasswordField("Introduzca la contraseña nueva") });

export const PASSWORD_RESET_MESSAGES = {
  requested:
    "Si ese correo corresponde a una cuenta de Cotiza, recibirá en unos minutos un enlace para elegir una contraseña nueva. El enlace vale durante una hora y una sola vez.",
  invalidLink: "El enlace para cambiar la contraseña no es válido, ya se ha usado o ha caducado. Pida uno nuevo.",
} as const;

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
  mustChangePassword: z
    .boolean()
    .default(false)
    .describe("La contraseña la eligió otro administrador: hasta cambiarla, la API solo admite /admin/auth/me, change-password y logout (403)"),
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
