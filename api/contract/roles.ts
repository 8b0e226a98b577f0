// Roles and the permission catalogue. Shared with app/.
import { z } from "zod";
import { isPermissionName } from "../domain/permissions";

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
