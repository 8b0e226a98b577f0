import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RoleListSchema } from "../../api/contract/roles";
import { hasPermission } from "../../api/contract/permissions";
import { Badge } from "~/components/ui/badge";
import { handleAdminApiError, requireRoutePermission } from "~/lib/admin-auth.server";

/** /admin/roles: every role with its users and permissions counted. */
const ROUTE_ID = "routes/admin.roles._index";

export const meta: MetaFunction = () => [{ title: "Roles | Back office Cotiza" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin, api, headers } = await requireRoutePermission(request, context, ROUTE_ID, "loader");
  try {
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
    return json({ roles, canWrite: hasPermission(admin.role.permissions, "roles:write") }, { headers });
  } catch (error) {
    handleAdminApiError(error, request, context);
  }
}

export default function RolesPage() {
  const { roles, canWrite } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Roles</h1>
          <p className="mt-1 text-slate-700">
            Cada usuario tiene un rol, y el rol decide qué puede hacer. Consulta la{" "}
            <Link to="/admin/permissions" className="underline">
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

      <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Roles del back office</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Nombre</th>
              <th scope="col" className="px-3 py-2 font-semibold">Descripción</th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">Usuarios</th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">Permisos</th>
              <th scope="col" className="px-3 py-2 font-semibold">Tipo</th>
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {roles.map((role) => (
              <tr key={role.id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  {role.name}
                </th>
                <td className="px-3 py-2 text-slate-700">{role.description || "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums">{role.userCount.toLocaleString("es-ES")}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {role.permissionCount}
                  <span className="text-slate-500"> de {role.permissionTotal}</span>
                </td>
                <td className="px-3 py-2">
                  {role.isSystem ? <Badge tone="info">Sistema</Badge> : <Badge tone="neutral">Personalizado</Badge>}
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  <Link to={`/admin/roles/${role.id}`}>
                    {canWrite ? "Editar" : "Ver"}
                    <span className="sr-only"> el rol {role.name}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
