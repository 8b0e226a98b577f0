import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { hasPermission } from "../../api/contract/permissions";
import { RoleListSchema } from "../../api/contract/roles";
import { DataTable } from "~/components/list/data-table";
import { roleColumns, type RoleRow } from "~/components/role/role-list-columns";
import { adminLoader } from "~/lib/admin-route.server";

/** /admin/roles: every role with its users and permissions counted (a handful: one table, no pages). */
const ROUTE_ID = "routes/admin.roles._index";

export const meta: MetaFunction = () => [{ title: adminTitle("Roles") }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api }) => {
    const { items } = await api.get("/admin/roles", { schema: RoleListSchema });
    const roles = items.map((role): RoleRow => ({
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
        columns={roleColumns(canWrite)}
        rows={roles}
        rowKey={(role) => role.id}
        minWidth="40rem"
        empty={<p>No hay roles.</p>}
      />
    </div>
  );
}
