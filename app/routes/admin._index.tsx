import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { DashboardSchema, type Dashboard } from "../../api/contract/dashboard";
import { hasPermission } from "~/lib/admin-auth.server";
import { adminLoader } from "~/lib/admin-route.server";
import { visibleSections } from "~/lib/admin-routes";
import { formatCount } from "../../api/contract/format";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Panel", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin._index", async ({ admin, api }) => {
    // The page is for every admin; the live counts only for those with dashboard:read. A role that
    // lost it since /me answered gets the welcome without counts (a 403 here would loop).
    const counts = hasPermission(admin.role.permissions, "dashboard:read")
      ? await api.get("/admin/dashboard", { schema: DashboardSchema, otherwise: { 403: null } })
      : null;
    const shortcuts = visibleSections(admin.role.permissions)
      .filter((section) => section.to !== "/admin")
      .map(({ label, to }) => ({ label, to }));
    return { username: admin.username, roleName: admin.role.name, counts, shortcuts };
  });

const COUNT_LABELS: { key: keyof Dashboard; label: string; hint: string }[] = [
  { key: "quotes", label: "Cotizaciones", hint: "guardadas" },
  { key: "policies", label: "Pólizas", hint: "emitidas" },
  { key: "clients", label: "Clientes", hint: "tomadores" },
  { key: "adminUsers", label: "Usuarios del back office", hint: "activos" },
];

const SHORTCUT_HINTS: Record<string, string> = {
  "/admin/users": "Altas, roles, desactivación y contraseñas del equipo.",
  "/admin/roles": "Qué puede hacer cada rol.",
  "/admin/permissions": "El catálogo de permisos y la matriz de roles.",
  "/admin/audit": "Quién hizo qué y cuándo.",
  "/admin/settings": "Tu contraseña.",
};

export default function AdminDashboard() {
  const { username, roleName, counts, shortcuts } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Panel</h1>
      <p className="mt-2 text-slate-700">
        Hola, <span className="font-semibold">{username}</span>. Has entrado con el rol <span className="font-semibold">{roleName}</span>.
      </p>

      {counts ? (
        <section aria-labelledby="indicadores" className="mt-8">
          <h2 id="indicadores" className="text-lg font-semibold">
            Indicadores
          </h2>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {COUNT_LABELS.map(({ key, label, hint }) => (
              <div key={key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm font-medium text-slate-600">
                  {`${label} `}
                  <span className="sr-only">({hint})</span>
                </dt>
                <dd className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{formatCount(counts[key])}</dd>
                <dd aria-hidden="true" className="text-sm text-slate-500">
                  {hint}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-slate-600">Datos en vivo: se calculan cada vez que abres el panel.</p>
        </section>
      ) : (
        <p className="mt-6 max-w-2xl rounded-md border border-slate-200 bg-white p-4 text-slate-700">
          Tu rol no incluye los indicadores del panel. Desde el menú puedes ir a las secciones que tienes disponibles.
        </p>
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
