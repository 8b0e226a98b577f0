// Back-office accounts: the list (query and answer), creation and changes. Shared with app/.
import { z } from "zod";
import { listQuerySchemas, paginated } from "./list-query";
import { documented } from "./openapi-meta";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../domain/password-policy";

const emailField = z
  .string({ required_error: "Introduce el correo electrónico", invalid_type_error: "Introduce el correo electrónico" })
  .trim()
  .min(1, "Introduce el correo electrónico")
  .max(254, "El correo electrónico es demasiado largo")
  .email("Introduce un correo electrónico válido")
  .transform((email) => email.toLowerCase());

const roleIdField = z.number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" }).int("Elige un rol").positive("Elige un rol");

// The policy (length, common passwords…) is checked by the API with checkPasswordPolicy, which
// knows the e-mail; here only what makes the value a password at all.
const passwordField = documented(
  z.string({ required_error: "Introduce una contraseña", invalid_type_error: "Introduce una contraseña" }).min(1, "Introduce una contraseña"),
  {
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: `De ${PASSWORD_MIN_LENGTH} a ${PASSWORD_MAX_LENGTH} caracteres; no una contraseña común ni igual al correo o al nombre`,
  },
);

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

export const AdminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  active: z.boolean(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  lastLoginAt: z.string().nullable().describe("Último inicio de sesión (ISO 8601) o null si nunca ha entrado"),
  createdAt: z.string().describe("Fecha de alta (ISO 8601)"),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const ADMIN_USER_SORT_KEYS = ["username", "email", "role", "lastLoginAt", "createdAt"] as const;
export type AdminUserSortKey = (typeof ADMIN_USER_SORT_KEYS)[number];

export const ADMIN_USER_FILTERS = {
  roleId: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce
        .number({ invalid_type_error: "Elige un rol de la lista" })
        .int("Elige un rol de la lista")
        .positive("Elige un rol de la lista")
        .optional(),
    )
    .describe("Solo los usuarios con este rol"),
  active: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["true", "false"], { errorMap: () => ({ message: "Elige un estado de la lista" }) }).optional(),
    )
    .describe("true: activos; false: inactivos"),
};
export const ADMIN_USER_FILTER_KEYS = ["q", ...Object.keys(ADMIN_USER_FILTERS)] as const;

const adminUserQueries = listQuerySchemas({
  sort: ADMIN_USER_SORT_KEYS,
  defaultSort: "username",
  defaultDir: "asc",
  q: "Busca en el nombre de usuario y el correo (sin distinguir mayúsculas)",
  filters: ADMIN_USER_FILTERS,
});
export const AdminUserListQuerySchema = adminUserQueries.list;
export const AdminUserExportQuerySchema = adminUserQueries.export;
export type AdminUserExportQuery = z.infer<typeof AdminUserExportQuerySchema>;
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserListSchema = paginated(AdminUserRowSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const CreateAdminUserSchema = z.object({
  username: z
    .string({ required_error: "Introduce un nombre de usuario", invalid_type_error: "Introduce un nombre de usuario" })
    .trim()
    .toLowerCase()
    .min(3, "El nombre de usuario debe tener al menos 3 caracteres")
    .max(40, "El nombre de usuario no puede tener más de 40 caracteres")
    .regex(USERNAME_PATTERN, "Usa solo letras sin tilde, números, puntos, guiones y guiones bajos, empezando por letra o número"),
  email: emailField,
  password: passwordField,
  roleId: roleIdField,
});
export type CreateAdminUser = z.infer<typeof CreateAdminUserSchema>;

export const UpdateAdminUserSchema = z
  .object({
    roleId: roleIdField.optional(),
    active: z.boolean({ invalid_type_error: "Indica si la cuenta está activa" }).optional(),
    password: passwordField.optional().describe("Nueva contraseña (restablecimiento)"),
  })
  .refine((v) => v.roleId !== undefined || v.active !== undefined || v.password !== undefined, {
    message: "Indica al menos un cambio: rol, estado o contraseña",
  });
export type UpdateAdminUser = z.infer<typeof UpdateAdminUserSchema>;
