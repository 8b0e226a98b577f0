import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { DashboardSchema } from "../../api/contract/dashboard";
import { formatIsoDate } from "../../api/contract/format";
import { hasPermission } from "~/lib/admin-auth.server";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen, visibleSections } from "~/lib/admin-routes";
import { DashboardFigures, hasFigures } from "~/components/dashboard/dashboard-figures";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Panel", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin._index", async ({ admin, api }) => {
    const permissions = admin.role.permissions;
    // The page is for every admin; the figures only for those with dashboard:read, and each of
    // them only when the role may read its list (the API decides). A role that lost dashboard:read
    // since /me answered gets the welcome without figures (a 403 here would loop).
    const figures = hasPermission(permissions, "dashboard:read")
      ? await api.get("/admin/dashboard", { schema: DashboardSchema, otherwise: { 403: null } })
      : null;
    const links = {
      policies: canOpen(permissions, "routes/admin.policies._index"),
      payments: canOpen(permissions, "routes/admin.payments._index"),
      quotes: canOpen(permissions, "routes/admin.quotes._index"),
    };
    const shortcuts = visibleSections(permissions)
      .filter((section) => section.to !== "/admin")
      .map(({ label, to }) => ({ label, to }));
    return { username: admin.username, roleName: admin.role.name, figures, links, shortcuts };
  });

const SHORTCUT_HINTS: Record<string, string> = {
  "/admin/users": "Altas, roles, desactivación y contraseñas del equipo.",
  "/admin/roles": "Qué puede hacer cada rol.",
  "/admin/permissions": "El catálogo de permisos y la matriz de roles.",
  "/admin/audit": "Quién hizo qué y cuándo.",
  "/admin/settings": "Tu contraseña.",
};

export default function AdminDashboard() {
  const { username, roleName, figures, links, shortcuts } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Panel</h1>
      <p className="mt-2 text-slate-700">
        Hola, <span className="font-semibold">{username}</span>. Has entrado con el rol <span className="font-semibold">{roleName}</span>.
      </p>

      {figures && hasFigures(figures) ? (
        <section aria-labelledby="negocio" className="mt-8">
          <h2 id="negocio" className="text-lg font-semibold">
            El negocio de hoy
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {`Cifras a ${formatIsoDate(figures.today)}, al abrir el panel. Cada una lleva a la lista que resume, con los mismos filtros.`}
          </p>
          <DashboardFigures figures={figures} links={links} />
        </section>
      ) : (
        <section aria-labelledby="negocio" className="mt-6 max-w-2xl rounded-md border border-slate-200 bg-white p-4 text-slate-700">
          <h2 id="negocio" className="text-lg font-semibold text-slate-900">
            Sin cifras del negocio
          </h2>
          <p className="mt-2">
            {figures
              ? "Tu rol abre el panel, pero ninguna de sus cifras: las primas y los recibos necesitan ver los pagos, y las pólizas, renovaciones y cotizaciones necesitan ver las pólizas."
              : "Tu rol no incluye los indicadores del panel."}
          </p>
          <p className="mt-2">
            Si las necesitas, pide a un administrador que añada esos permisos a tu rol. Mientras, desde el menú puedes ir a las secciones que tienes.
          </p>
        </section>
      )}

      {shortcuts.length > 0 ? (
        <section aria-labelledby="accesos" className="mt-10">
          <h2 id="accesos" className="text-lg font-semibold">
            Accesos rápidos
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {shortcuts.map((shortcut) => (
              <li key={shortcut.to}>
                <Link
                  to={shortcut.to}
                  className="block h-full rounded-lg border border-slate-200 bg-white p-4 no-underline shadow-sm hover:border-brand-600 hover:no-underline"
                >
                  <span className="font-semibold text-brand-700 underline-offset-2">{shortcut.label}</span>
                  {SHORTCUT_HINTS[shortcut.to] ? <span className="mt-1 block text-sm text-slate-600">{SHORTCUT_HINTS[shortcut.to]}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
