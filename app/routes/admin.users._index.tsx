import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { AdminUserListQuerySchema, AdminUserListSchema } from "../../api/contract/admin-users";
import { hasPermission } from "../../api/contract/permissions";
import { RoleListSchema } from "../../api/contract/roles";
import { ADMIN_USERS_PATH, userColumns, userFilters } from "~/components/admin-user/user-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { EmptyState } from "~/components/ui/empty-state";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { readListPage } from "~/lib/admin-list.server";

/** /admin/users: search and the paginated list; new accounts are made at /admin/users/new. */
const ROUTE_ID = "routes/admin.users._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Usuarios", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    const permissions = ctx.admin.role.permissions;
    // The role filter needs the roles; without roles:read it is left out.
    const rolesPromise = hasPermission(permissions, "roles:read") ? ctx.api.get("/admin/roles", { schema: RoleListSchema }) : null;
    const [listPage, roles] = await Promise.all([readListPage(ctx, ADMIN_USERS_PATH, AdminUserListQuerySchema, AdminUserListSchema), rolesPromise]);
    return {
      ...listPage,
      roles: roles ? roles.items.map((role) => ({ id: role.id, name: role.name })) : null,
      canWrite: canOpen(permissions, ROUTE_ID, "action"),
    };
  });

export default function UsersPage() {
  const { list, filters, filterResult, roles, canWrite } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Usuarios</h1>
          <p className="mt-1 text-slate-700">Cuentas del back office, con su rol y su estado.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {list ? <CsvLink path="/admin/users.csv" /> : null}
          {canWrite ? (
            <Link to={`${ADMIN_USERS_PATH}/new`} className="btn-primary">
              Nuevo usuario
            </Link>
          ) : null}
        </div>
      </header>

      <ListView
        list={list}
        itemsLabel="usuarios"
        caption="Usuarios del back office"
        columns={userColumns(canWrite)}
        rowKey={(user) => user.id}
        empty={
          canWrite ? (
            <EmptyState message="Todavía no hay usuarios." action={{ to: `${ADMIN_USERS_PATH}/new`, label: "Crear el primer usuario" }} />
          ) : (
            <p>Todavía no hay usuarios.</p>
          )
        }
        filters={{ id: "filtros-usuarios", label: "Buscar usuarios", defs: userFilters(roles), values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
