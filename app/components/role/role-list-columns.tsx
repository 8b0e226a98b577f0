import { Link } from "@remix-run/react";
import { formatCount } from "../../../api/contract/format";
import type { Column } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";

/** A row of /admin/roles: the role with its users and granted permissions counted. */
export type RoleRow = {
  id: number;
  name: string;
  description: string;
  isSystem: boolean;
  userCount: number;
  permissionCount: number;
  permissionTotal: number;
};

/** The columns of /admin/roles (ADR 010: the route keeps its loader and page). */
export function roleColumns(canWrite: boolean): Column<RoleRow>[] {
  return [
    { id: "name", header: "Nombre", rowHeader: true, cell: (role) => role.name },
    { id: "description", header: "Descripción", className: "text-slate-700", cell: (role) => role.description || "—" },
    { id: "users", header: "Usuarios", align: "end", cell: (role) => formatCount(role.userCount) },
    {
      id: "permissions",
      header: "Permisos",
      align: "end",
      cell: (role) => (
        <>
          {role.permissionCount}
          <span className="text-slate-500"> de {role.permissionTotal}</span>
        </>
      ),
    },
    {
      id: "kind",
      header: "Tipo",
      cell: (role) => (role.isSystem ? <Badge tone="info">Sistema</Badge> : <Badge tone="neutral">Personalizado</Badge>),
    },
    {
      id: "actions",
      header: <span className="sr-only">Acciones</span>,
      align: "end",
      className: "whitespace-nowrap",
      cell: (role) => (
        <Link to={`/admin/roles/${role.id}`}>
          {canWrite ? "Editar" : "Ver"}
          <span className="sr-only"> el rol {role.name}</span>
        </Link>
      ),
    },
  ];
}
