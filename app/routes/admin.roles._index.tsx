import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { hasPermission } from "../../api/contract/permissions";
import { RoleListSchema } from "../../api/contract/roles";
import { DataTable, type Column } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { adminLoader } from "~/lib/admin-route.server";
import { formatCount } from "../../api/contract/format";

/** /admin/roles: every role with its users and permissions counted (a handful: one table, no pages). */
const ROUTE_ID = "routes/admin.roles._index";

export const meta: MetaFunction = () => [{ title: adminTitle("Roles") }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api }) => {
    const { items } = await api.get("/admin/roles", { schema: RoleListSchema });
    const roles = items.map((role) => ({
      id: role.id,
      name: role.name,
      description: role.description,
      isSystem: role.isSystem,
      userCount: role.userCount,
      permissionCount: Object.values(role.permissions).filter((granted) => granted === true).length,
      permissionTotal: Object.keys(role.permissions).length,
    }));
    return { roles, canWrite: hasPermission(admin.role.permissions, "roles:write") };
  });

type RoleRow = ReturnType<typeof useLoaderData<typeof loader>>["roles"][number];

function columns(canWrite: boolean): Column<RoleRow>[] {
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

export default function RolesPage() {
  const { roles, canWrite } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Roles</h1>
          {/* prettier-ignore */}
          <p className="mt-1 text-slate-700">
            Cada usuario tiene un rol, y el rol decide qué puede hacer. Consulta la <Link to="/admin/permissions" className="underline">
              matriz de permisos
            </Link> para compararlos.
          </p>
        </div>
        {canWrite ? (
          <Link to="/admin/roles/new" className="btn-primary">
            Nuevo rol
          </Link>
        ) : null}
      </header>

      <DataTable
        caption="Roles del back office"
        columns={columns(canWrite)}
        rows={roles}
        rowKey={(role) => role.id}
        minWidth="40rem"
        empty={<p>No hay roles.</p>}
      />
    </div>
  );
}
