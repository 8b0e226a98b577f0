import { json, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageNotice } from "~/components/toaster";
import { VoiceProvider } from "~/components/voice";
import type { loader as rootLoader } from "~/root";
import { SubmitButton } from "~/components/ui/submit-button";
import { requireRoutePermission } from "~/lib/admin-auth.server";
import { activeSectionTo, groupSections, visibleSections } from "~/lib/admin-routes";
import { MenuToggleLabel } from "~/components/ui/menu-toggle";

// The back-office layout: every /admin page except /admin/login renders inside it. Its loader
// validates the admin session (and each page's loader checks again with its own permission).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin, headers } = await requireRoutePermission(request, context, "routes/admin", "loader");
  return json(
    {
      admin: { username: admin.username, email: admin.email, roleName: admin.role.name },
      sections: visibleSections(admin.role.permissions).map(({ label, to, end, group }) => ({ label, to, end, group })),
    },
    { headers },
  );
}

type LayoutData = SerializeFrom<typeof loader>;

// The back office speaks "tú" (HOUSE-STYLE): the shared fields, hints and messages read the
// VoiceProvider, on every page of the layout and on its error pages.
export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <VoiceProvider voice="tu">
      <AdminShell data={data}>
        <Outlet />
      </AdminShell>
    </VoiceProvider>
  );
}

/** Errors inside the back office keep the sidebar when the layout itself loaded. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  if (!data) {
    return (
      <VoiceProvider voice="tu">
        <main id="contenido" className="flex-1">
          <GeneralErrorBoundary />
        </main>
      </VoiceProvider>
    );
  }
  return (
    <VoiceProvider voice="tu">
      <AdminShell data={data}>
        <GeneralErrorBoundary />
      </AdminShell>
    </VoiceProvider>
  );
}

function AdminShell({ data, children }: { data: LayoutData; children: ReactNode }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // With JavaScript, close the small-screen menu after a client-side navigation.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);

  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50 md:flex-row">
      <header className="relative border-b border-slate-200 bg-white print:hidden md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col md:overflow-y-auto md:border-b-0 md:border-r">
        <div className="flex min-h-[56px] items-center px-4">
          <Brand />
        </div>

        {/* Under 960 px: a native disclosure, which opens and closes without JavaScript. */}
        <details ref={menuRef} className="group md:hidden">
          <summary className="absolute right-3 top-[6px] flex min-h-[44px] cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <MenuToggleLabel />
          </summary>
          <div className="border-t border-slate-200 pb-2">
            <SectionNav sections={data.sections} />
            <AccountBox admin={data.admin} />
          </div>
        </details>

        {/* From 960 px: the sidebar. Only one of the two navigations is ever displayed. */}
        <div className="hidden md:flex md:flex-1 md:flex-col">
          <SectionNav sections={data.sections} />
          <AccountBox admin={data.admin} />
        </div>
      </header>

      <main id="contenido" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:px-8 md:py-8">
        <div className="mx-auto max-w-6xl">
          <PageNotice toast={root?.toast} />
          {children}
        </div>
      </main>
    </div>
  );
}

function Brand() {
  return (
    <Link
      to="/admin"
      className="inline-flex min-h-[44px] items-center gap-2 rounded-md font-bold tracking-tight text-brand-800 no-underline hover:no-underline"
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-6 w-6" fill="none">
        <path d="M12 2.5 4 5.5v6c0 5 3.4 8.9 8 10 4.6-1.1 8-5 8-10v-6l-8-3Z" fill="currentColor" className="text-brand-700" />
        <path d="m8.5 12 2.5 2.5 4.5-5" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>
        Cotiza <span className="font-medium text-slate-600">· Back office</span>
      </span>
    </Link>
  );
}

function SectionNav({ sections }: { sections: LayoutData["sections"] }) {
  // One section is current, the most specific (a NavLink each would light up Pagos and Remesas SEPA together).
  const active = activeSectionTo(sections, useLocation().pathname);
  const link = (section: LayoutData["sections"][number]) => (
    <li key={section.to}>
      <Link
        to={section.to}
        prefetch="intent"
        aria-current={section.to === active ? "page" : undefined}
        className={[
          "flex min-h-[44px] items-center rounded-md border-l-4 px-3 font-medium no-underline hover:no-underline",
          section.to === active
            ? "border-brand-700 bg-brand-50 font-semibold text-brand-800"
            : "border-transparent text-slate-800 hover:bg-slate-100",
        ].join(" ")}
      >
        {section.label}
      </Link>
    </li>
  );
  // Each group is a list named by its title (no id: the navigation is drawn twice, for small and large screens).
  return (
    <nav aria-label="Back office" className="px-2 py-3 md:flex-1">
      {groupSections(sections).map(({ group, sections: items }) =>
        group === null ? (
          <ul key="" className="flex flex-col gap-0.5">
            {items.map(link)}
          </ul>
        ) : (
          <div key={group} className="mt-3">
            <p aria-hidden="true" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {group}
            </p>
            <ul aria-label={group} className="flex flex-col gap-0.5">
              {items.map(link)}
            </ul>
          </div>
        ),
      )}
    </nav>
  );
}

function AccountBox({ admin }: { admin: LayoutData["admin"] }) {
  return (
    <div className="border-t border-slate-200 px-4 py-4">
      <p className="truncate font-semibold text-slate-900" title={admin.email}>
        {admin.username}
      </p>
      <p className="text-sm text-slate-600">
        Rol: <span className="font-medium text-slate-800">{admin.roleName}</span>
      </p>
      <Form method="post" action="/admin/logout" className="mt-3">
        <AuthenticityTokenInput />
        <SubmitButton formAction="/admin/logout" variant="secondary" pendingText="Cerrando sesión…" className="w-full">
          Cerrar sesión
        </SubmitButton>
      </Form>
      <p className="mt-3 text-sm">
        <Link to="/">Ver la web pública</Link>
      </p>
    </div>
  );
}
