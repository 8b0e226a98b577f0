// The one catalogue of staff permissions and the four seeded roles.
// Names are `resource:action`. The catalogue is seeded into the `permissions` table; a role's
// permission map is `{ name: boolean }` and only an entry set to exactly `true` grants access.

export const PERMISSIONS = [
  { name: "dashboard:read", group: "Panel", description: "Ver el panel de control con los indicadores" },
  { name: "users:read", group: "Usuarios", description: "Ver los usuarios del back office" },
  { name: "users:write", group: "Usuarios", description: "Crear, editar, desactivar usuarios del back office y restablecer sus contraseñas" },
  { name: "roles:read", group: "Roles y permisos", description: "Ver los roles y el catálogo de permisos" },
  { name: "roles:write", group: "Roles y permisos", description: "Crear, editar y eliminar roles y asignar sus permisos" },
  { name: "policies:read", group: "Pólizas", description: "Ver las pólizas, sus recibos y su historial" },
  { name: "policies:write", group: "Pólizas", description: "Emitir, modificar, renovar y anular pólizas" },
  { name: "payments:read", group: "Pagos", description: "Ver los recibos, cobros y devoluciones" },
  { name: "payments:write", group: "Pagos", description: "Registrar cobros, devoluciones y extornos" },
  { name: "clients:read", group: "Clientes", description: "Ver los clientes (tomadores) y su embudo" },
  { name: "clients:write", group: "Clientes", description: "Crear y editar clientes y moverlos en su embudo" },
  { name: "guarantees:read", group: "Garantías", description: "Ver las garantías y sus precios" },
  { name: "guarantees:write", group: "Garantías", description: "Crear, editar, activar y desactivar garantías y sus precios" },
  { name: "documents:read", group: "Documentos", description: "Ver y descargar documentos (condiciones particulares, IPID, recibos)" },
  { name: "documents:write", group: "Documentos", description: "Generar, regenerar y reenviar documentos" },
  { name: "email:read", group: "Correo", description: "Ver la cola de correos enviados y pendientes" },
  { name: "email:write", group: "Correo", description: "Reenviar y cancelar correos, y editar sus plantillas" },
  { name: "reports:read", group: "Informes", description: "Ver y exportar informes de negocio" },
  { name: "pipeline:read", group: "Embudo comercial", description: "Ver el embudo comercial de oportunidades" },
  { name: "pipeline:write", group: "Embudo comercial", description: "Crear oportunidades y mover las propias entre etapas" },
  {
    name: "pipeline:write:any",
    group: "Embudo comercial",
    description: "Mover las oportunidades de cualquier comercial y reasignarlas",
  },
  { name: "claims:read", group: "Siniestros", description: "Ver los siniestros, su cobertura, sus documentos, sus mensajes y su historial" },
  {
    name: "claims:write",
    group: "Siniestros",
    description: "Tramitar siniestros: asignarlos, cambiar su estado y su reserva, aceptarlos o rechazarlos, pedir documentos y escribir al cliente",
  },
  { name: "claims:pay", group: "Siniestros", description: "Pagar la indemnización de un siniestro aceptado por transferencia" },
  { name: "settings:read", group: "Configuración", description: "Ver la configuración (recargos, impuestos, datos del distribuidor)" },
  { name: "settings:write", group: "Configuración", description: "Modificar la configuración" },
  { name: "audit:read", group: "Auditoría", description: "Ver el registro de auditoría" },
] as const satisfies readonly { name: `${string}:${string}`; group: string; description: string }[];

export type PermissionName = (typeof PERMISSIONS)[number]["name"];
export type PermissionDefinition = (typeof PERMISSIONS)[number];

export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSIONS.map((p) => p.name);

const KNOWN = new Set<string>(PERMISSION_NAMES);
export function isPermissionName(name: string): name is PermissionName {
  return KNOWN.has(name);
}

/** True only when the map has the entry set to exactly `true` (not "true", not 1). */
export function hasPermission(permissions: Record<string, boolean> | undefined | null, name: PermissionName): boolean {
  if (!permissions || typeof permissions !== "object") return false;
  // Own properties only, so "constructor" or "__proto__" never grant anything.
  return Object.prototype.hasOwnProperty.call(permissions, name) && permissions[name] === true;
}

export const SEED_ROLES = ["superadmin", "gestor", "comercial", "auditor"] as const;
export type SeedRole = (typeof SEED_ROLES)[number];

export const SEED_ROLE_DESCRIPTIONS: Record<SeedRole, string> = {
  superadmin: "Acceso total: gestiona usuarios, roles, configuración y todas las operaciones.",
  gestor: "Operaciones: pólizas, cobros, clientes, garantías, documentos, correo, informes y el embudo comercial de todo el equipo.",
  comercial: "Ventas: embudo comercial, clientes y consulta de pólizas.",
  auditor: "Solo lectura de todo el back office y del registro de auditoría.",
};

// Written out in full on purpose: a permission added to the catalogue must be decided for every
// role, and a missing entry here is a compile error.
export const SEED_ROLE_PERMISSIONS: Record<SeedRole, Record<PermissionName, boolean>> = {
  superadmin: {
    "dashboard:read": true,
    "users:read": true,
    "users:write": true,
    "roles:read": true,
    "roles:write": true,
    "policies:read": true,
    "policies:write": true,
    "payments:read": true,
    "payments:write": true,
    "clients:read": true,
    "clients:write": true,
    "guarantees:read": true,
    "guarantees:write": true,
    "documents:read": true,
    "documents:write": true,
    "email:read": true,
    "email:write": true,
    "reports:read": true,
    "pipeline:read": true,
    "pipeline:write": true,
    "pipeline:write:any": true,
    "claims:read": true,
    "claims:write": true,
    "claims:pay": true,
    "settings:read": true,
    "settings:write": true,
    "audit:read": true,
  },
  gestor: {
    "dashboard:read": true,
    "users:read": true,
    "users:write": false,
    "roles:read": true,
    "roles:write": false,
    "policies:read": true,
    "policies:write": true,
    "payments:read": true,
    "payments:write": true,
    "clients:read": true,
    "clients:write": true,
    "guarantees:read": true,
    "guarantees:write": true,
    "documents:read": true,
    "documents:write": true,
    "email:read": true,
    "email:write": true,
    "reports:read": true,
    "pipeline:read": true,
    "pipeline:write": true,
    "pipeline:write:any": true,
    "claims:read": true,
    "claims:write": true,
    "claims:pay": false,
    "settings:read": true,
    "settings:write": false,
    "audit:read": false,
  },
  comercial: {
    "dashboard:read": true,
    "users:read": false,
    "users:write": false,
    "roles:read": false,
    "roles:write": false,
    "policies:read": true,
    "policies:write": false,
    "payments:read": false,
    "payments:write": false,
    "clients:read": true,
    "clients:write": true,
    "guarantees:read": false,
    "guarantees:write": false,
    "documents:read": false,
    "documents:write": false,
    "email:read": false,
    "email:write": false,
    "reports:read": false,
    "pipeline:read": true,
    "pipeline:write": true,
    "pipeline:write:any": false,
    "claims:read": false,
    "claims:write": false,
    "claims:pay": false,
    "settings:read": false,
    "settings:write": false,
    "audit:read": false,
  },
  auditor: {
    "dashboard:read": true,
    "users:read": true,
    "users:write": false,
    "roles:read": true,
    "roles:write": false,
    "policies:read": true,
    "policies:write": false,
    "payments:read": true,
    "payments:write": false,
    "clients:read": true,
    "clients:write": false,
    "guarantees:read": true,
    "guarantees:write": false,
    "documents:read": true,
    "documents:write": false,
    "email:read": true,
    "email:write": false,
    "reports:read": true,
    "pipeline:read": true,
    "pipeline:write": false,
    "pipeline:write:any": false,
    "claims:read": true,
    "claims:write": false,
    "claims:pay": false,
    "settings:read": true,
    "settings:write": false,
    "audit:read": true,
  },
};
