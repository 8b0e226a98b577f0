import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { adminTitle } from "~/lib/page-title";
import { PermissionListSchema, RoleListSchema } from "../../api/contract/roles";
import { hasPermission, isPermissionName } from "../../api/contract/permissions";
import { adminLoader } from "~/lib/admin-route.server";
import { groupPermissions } from "./__admin.role-form";

/** /admin/permissions: the permission catalogue and which role holds what (roles × permissions). */
const ROUTE_ID = "routes/admin.permissions";

export const meta: MetaFunction = () => [{ title: adminTitle("Permisos") }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api }) => {
    const [permissions, roles] = await Promise.all([
      api.get("/admin/permissions", { schema: PermissionListSchema }),
      api.get("/admin/roles", { schema: RoleListSchema }),
    ]);
    return {
      catalogue: permissions.items,
      roles: roles.items.map((role) => ({ id: role.id, name: role.name, permissions: role.permissions })),
      canEditRoles: hasPermission(admin.role.permissions, "roles:write"),
    };
  });

const headCell = "px-3 py-2 font-semibold";

export default function PermissionsPage() {
  const { catalogue, roles, canEditRoles } = useLoaderData<typeof loader>();
  const groups = groupPermissions(catalogue);

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Permisos</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Cada permiso deja hacer una cosa concreta. Los permisos se conceden a los roles, no a las personas:
          {canEditRoles ? (
            <>
              {" para cambiar quién puede hacer qué, edita los "}
              <Link to="/admin/roles" className="underline">
                roles
              </Link>
              .
            </>
          ) : (
            " cada usuario tiene los de su rol."
          )}
        </p>
      </header>

      <section aria-labelledby="matriz-titulo">
        <h2 id="matriz-titulo" className="text-xl font-bold">
          Permisos por rol
        </h2>
        <p id="matriz-ayuda" className="mt-1 text-slate-700">
          ✓ el rol tiene el permiso; ✕ no lo tiene.
        </p>
        {/* Scrolls both ways on small screens. */}
        <ScrollRegion
          label="Tabla de permisos por rol, desplazable"
          describedBy="matriz-ayuda"
          className="mt-4 max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-white"
        >
          <table className="w-full border-separate border-spacing-0 text-left text-sm">
            <caption className="sr-only">Permisos concedidos a cada rol</caption>
            <thead>
              <tr>
                <th scope="col" className={`${headCell} sticky left-0 top-0 z-20 border-b border-slate-300 bg-slate-50`}>
                  Permiso
                </th>
                {roles.map((role) => (
                  <th key={role.id} scope="col" className={`${headCell} sticky top-0 z-10 border-b border-slate-300 bg-slate-50 text-center`}>
                    <Link to={`/admin/roles/${role.id}`}>{role.name}</Link>
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map(({ group, permissions }) => (
              <tbody key={group}>
                <tr>
                  <th
                    scope="colgroup"
                    colSpan={roles.length + 1}
                    className="border-b border-slate-200 bg-white px-3 pb-1 pt-4 text-xs font-bold uppercase tracking-wide text-slate-600"
                  >
                    {group}
                  </th>
                </tr>
                {permissions.map((permission) => (
                  <tr key={permission.name} className="hover:bg-slate-50">
                    <th scope="row" className="sticky left-0 border-b border-slate-100 bg-white px-3 py-1.5 font-mono font-medium">
                      {permission.name}
                    </th>
                    {roles.map((role) => {
                      const granted = isPermissionName(permission.name) && hasPermission(role.permissions, permission.name);
                      return (
                        <td key={role.id} className="border-b border-slate-100 px-3 py-1.5 text-center">
                          <span aria-hidden="true" className={granted ? "font-bold text-green-700" : "text-slate-400"}>
                            {granted ? "✓" : "✕"}
                          </span>
                          <span className="sr-only">{granted ? "Sí" : "No"}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </ScrollRegion>
      </section>

      <section aria-labelledby="catalogo-titulo">
        <h2 id="catalogo-titulo" className="text-xl font-bold">
          Catálogo de permisos
        </h2>
        <p className="mt-1 text-slate-700">
          {catalogue.length} permisos en {groups.length} grupos. Su nombre es <code>recurso:acción</code>.
        </p>
        <ScrollRegion label="Tabla del catálogo de permisos, desplazable" className="mt-4 rounded-md border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Catálogo de permisos</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={headCell}>
                  Permiso
                </th>
                <th scope="col" className={headCell}>
                  Grupo
                </th>
                <th scope="col" className={headCell}>
                  Descripción
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {catalogue.map((permission) => (
                <tr key={permission.name}>
                  <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                    {permission.name}
                  </th>
                  <td className="px-3 py-2">{permission.group}</td>
                  <td className="px-3 py-2 text-slate-700">{permission.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
    </div>
  );
}
