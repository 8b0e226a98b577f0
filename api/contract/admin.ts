// Requests and answers of the back-office administration endpoints: admin users, roles, the
// permission catalogue, the audit log and the dashboard counts. Shared with app/.
import { z } from "zod";
import { isPermissionName } from "../domain/permissions";
import { paginated, PaginationQuerySchema } from "./pagination";

// ─── Common pieces ──────────────────────────────────────────────────────────────────────

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paginated, PaginationQuerySchema, type PaginationQuery } from "./pagination";
export type Paginated<T> = { items: T[]; total: number; page: number; pageSize: number };

/** `{id}` in a path: a positive integer. */
export const IdParamSchema = z.object({
  id: z.coerce
    .number({ invalid_type_error: "El identificador debe ser un número" })
    .int("El identificador debe ser un número entero")
    .positive("El identificador debe ser un número positivo")
    .describe("Identificador numérico"),
});

const emailField = z
  .string({ required_error: "Introduce el correo electrónico", invalid_type_error: "Introduce el correo electrónico" })
  .trim()
  .min(1, "Introduce el correo electrónico")
  .max(254, "El correo electrónico es demasiado largo")
  .email("Introduce un correo electrónico válido")
  .transform((email) => email.toLowerCase());

const roleIdField = z
  .number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" })
  .int("Elige un rol")
  .positive("Elige un rol");

// The policy (length, common passwords…) is checked by the API with checkPasswordPolicy, which
// knows the e-mail; here only what makes the value a password at all.
const passwordField = z
  .string({ required_error: "Introduce una contraseña", invalid_type_error: "Introduce una contraseña" })
  .min(1, "Introduce una contraseña");

// ─── Admin users ────────────────────────────────────────────────────────────────────────

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

export const AdminUserListQuerySchema = PaginationQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(100, "La búsqueda es demasiado larga")
    .optional()
    .describe("Busca en el nombre de usuario y el correo (sin distinguir mayúsculas)"),
});
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

// ─── Roles and permissions ──────────────────────────────────────────────────────────────

export const PermissionMapSchema = z
  .record(z.boolean({ invalid_type_error: "Cada permiso debe ser verdadero o falso" }))
  .superRefine((map, ctx) => {
    const unknown = Object.keys(map).filter((name) => !isPermissionName(name));
    if (unknown.length > 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Permisos desconocidos: ${unknown.join(", ")}` });
    }
  })
  .describe('Mapa { "recurso:acción": true|false }; solo los del catálogo');

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.record(z.boolean()).describe("Todos los permisos del catálogo, cada uno true o false"),
  isSystem: z.boolean().describe("Rol de fábrica: no se puede eliminar ni renombrar"),
  userCount: z.number().int().describe("Usuarios del back office con este rol"),
});
export type Role = z.infer<typeof RoleSchema>;
export const RoleListSchema = z.object({ items: z.array(RoleSchema) });
export type RoleList = z.infer<typeof RoleListSchema>;

export const RoleInputSchema = z.object({
  name: z
    .string({ required_error: "Introduce un nombre", invalid_type_error: "Introduce un nombre" })
    .trim()
    .min(2, "El nombre debe tener al menos 2 caracteres")
    .max(50, "El nombre no puede tener más de 50 caracteres"),
  description: z
    .string({ invalid_type_error: "La descripción debe ser texto" })
    .trim()
    .max(500, "La descripción no puede tener más de 500 caracteres")
    .default(""),
  permissions: PermissionMapSchema,
});
export type RoleInput = z.infer<typeof RoleInputSchema>;

export const PermissionSchema = z.object({ name: z.string(), description: z.string(), group: z.string() });
export type Permission = z.infer<typeof PermissionSchema>;
export const PermissionListSchema = z.object({ items: z.array(PermissionSchema) });
export type PermissionList = z.infer<typeof PermissionListSchema>;

/** The role that always holds every permission and cannot be deleted. */
export const SUPERADMIN_ROLE = "superadmin";

// ─── Audit log ──────────────────────────────────────────────────────────────────────────

/** The actions the API records, with a label for filters and tables. */
export const AUDIT_ACTIONS = {
  "admin.login": "Inicio de sesión (back office)",
  "admin.login_failed": "Inicio de sesión fallido (back office)",
  "admin.logout": "Cierre de sesión (back office)",
  "admin.password_changed": "Cambio de contraseña propia",
  "user.register": "Registro de visitante",
  "user.login": "Inicio de sesión de visitante",
  "user.login_failed": "Inicio de sesión fallido de visitante",
  "admin_user.created": "Usuario creado",
  "admin_user.updated": "Usuario modificado",
  "admin_user.password_reset": "Contraseña restablecida",
  "role.created": "Rol creado",
  "role.updated": "Rol modificado",
  "role.deleted": "Rol eliminado",
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

const dateFilter = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `La fecha ${what} debe tener el formato AAAA-MM-DD`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      message: `La fecha ${what} no es válida`,
    })
    .optional();

const AuditFilterFields = z.object({
  actor: z.string().trim().max(200, "El filtro de actor es demasiado largo").optional().describe("Parte del correo o nombre del actor"),
  action: z.string().trim().max(100, "El filtro de acción es demasiado largo").optional().describe("Acción exacta, p. ej. role.updated"),
  entity: z.string().trim().max(100, "El filtro de entidad es demasiado largo").optional().describe("Entidad exacta, p. ej. role"),
  from: dateFilter("desde").describe("Desde este día (AAAA-MM-DD, hora de Madrid), incluido"),
  to: dateFilter("hasta").describe("Hasta este día (AAAA-MM-DD, hora de Madrid), incluido"),
});
const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const rangeMessage = { message: "La fecha hasta no puede ser anterior a la fecha desde", path: ["to"] };

/** Filters of the audit list and its CSV export; dates are whole days in Europe/Madrid, both inclusive. */
export const AuditFilterSchema = AuditFilterFields.refine(rangeInOrder, rangeMessage);
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditListQuerySchema = AuditFilterFields.merge(PaginationQuerySchema).refine(rangeInOrder, rangeMessage);
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe("Momento (ISO 8601)"),
  actorType: z.enum(["admin", "user", "system", "anonymous"]),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown().describe("Estado anterior (sin contraseñas)"),
  after: z.unknown().describe("Estado posterior (sin contraseñas)"),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = paginated(AuditEntrySchema);
export type AuditList = z.infer<typeof AuditListSchema>;

/** Most rows one CSV export holds (the newest ones). */
export const AUDIT_EXPORT_LIMIT = 10_000;

// ─── Dashboard ──────────────────────────────────────────────────────────────────────────

export const DashboardSchema = z.object({
  quotes: z.number().int().describe("Cotizaciones guardadas"),
  policies: z.number().int().describe("Pólizas"),
  clients: z.number().int().describe("Clientes (tomadores)"),
  adminUsers: z.number().int().describe("Usuarios activos del back office"),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
