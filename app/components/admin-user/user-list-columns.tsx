import { Link } from "@remix-run/react";
import type { AdminUserRow } from "../../../api/contract/admin-users";
import { formatDateTime, isoDateTime } from "../../../api/contract/format";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { Badge } from "~/components/ui/badge";

/** The columns and filters of /admin/users (ADR 010: the route keeps its loader and its page). */
export const ADMIN_USERS_PATH = "/admin/users";

const STATUS_OPTIONS = [
  { value: "true", label: "Activos" },
  { value: "false", label: "Inactivos" },
];

/** Search, role (only when the admin may read the roles) and state. */
export function userFilters(roles: { id: number; name: string }[] | null): FilterDef[] {
  return [
    { name: "q", label: "Buscar", hint: "Usuario o correo.", kind: "search" },
    ...(roles
      ? [
          {
            name: "roleId",
            label: "Rol",
            kind: "select" as const,
            placeholder: "Todos",
            options: roles.map((role) => ({ value: String(role.id), label: role.name })),
          },
        ]
      : []),
    { name: "active", label: "Estado", kind: "select", placeholder: "Todos", options: STATUS_OPTIONS },
  ];
}

export function userColumns(canWrite: boolean): Column<AdminUserRow>[] {
  return [
    { id: "username", header: "Usuario", sortKey: "username", rowHeader: true, cell: (user) => user.username },
    { id: "email", header: "Correo electrónico", sortKey: "email", className: "break-all", cell: (user) => user.email },
    { id: "role", header: "Rol", sortKey: "role", cell: (user) => user.role.name },
    {
      id: "active",
      header: "Estado",
      cell: (user) => (user.active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>),
    },
    {
      id: "lastLoginAt",
      header: "Último acceso",
      sortKey: "lastLoginAt",
      firstDir: "desc",
      className: "whitespace-nowrap",
      cell: (user) => (user.lastLoginAt ? <time dateTime={isoDateTime(user.lastLoginAt)}>{formatDateTime(user.lastLoginAt)}</time> : "Nunca"),
    },
    {
      id: "actions",
      header: <span className="sr-only">Acciones</span>,
      align: "end",
      cell: (user) => (
        <Link to={`${ADMIN_USERS_PATH}/${user.id}`}>
          {canWrite ? "Gestionar" : "Ver"}
          <span className="sr-only"> a {user.username}</span>
        </Link>
      ),
    },
  ];
}
