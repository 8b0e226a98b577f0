import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/ui/submit-button";
import { MenuToggleLabel } from "~/components/ui/menu-toggle";

type NavItem = { to: string; label: string };

const MAIN_ITEMS: NavItem[] = [
  { to: "/cotizar", label: "Cotizar" },
  { to: "/garantias", label: "Garantías" },
  { to: "/mis-cotizaciones", label: "Mis cotizaciones" },
  { to: "/mi-poliza", label: "Mi póliza" },
];
const LOGIN: NavItem = { to: "/login", label: "Entrar" };
const REGISTER: NavItem = { to: "/register", label: "Registrarse" };
const BACK_OFFICE: NavItem = { to: "/admin", label: "Back office" };
const ACCOUNT: NavItem = { to: "/mi-cuenta", label: "Mi cuenta" };

/** The signed-in visitor as the header needs it (root loader → getVisitor). */
export type HeaderVisitor = { name: string; role: string };

const linkBase = "rounded-md font-medium no-underline hover:underline";

function navLinkClass(layout: "inline" | "stacked") {
  return ({ isActive }: { isActive: boolean }) =>
    [
      linkBase,
      layout === "inline" ? "inline-flex min-h-[44px] items-center px-2" : "flex min-h-[44px] items-center px-3",
      // The current page is marked with more than colour: weight and an underline bar.
      isActive ? "font-semibold text-brand-800 underline decoration-2 underline-offset-8" : "text-slate-800 hover:text-brand-700",
    ].join(" ");
}

/** "Salir": signing out is a POST with the CSRF token (never a link a crawler could follow). */
function LogoutForm({ layout }: { layout: "inline" | "stacked" }) {
  return (
    <Form method="post" action="/logout" className={layout === "stacked" ? "px-3" : undefined}>
      <AuthenticityTokenInput />
      <SubmitButton formAction="/logout" variant="secondary" pendingText="Saliendo…" className={layout === "stacked" ? "w-full" : undefined}>
        Salir
      </SubmitButton>
    </Form>
  );
}

/**
 * The site's header: brand and main navigation; "Entrar" and "Registrarse", or for a signed-in
 * visitor "Hola, {nombre}", "Mi cuenta", "Back office" when their role is 'admin', and "Salir".
 *
 * From 960 px (md) the links sit in one row. Below that they are inside a native
 * <details>/<summary> "Menú" disclosure, which opens and closes without JavaScript.
 * Only one of the two <nav> is ever displayed, so assistive technology sees a single
 * "Principal" landmark (display:none removes the other from the accessibility tree).
 */
export function SiteHeader({ visitor }: { visitor?: HeaderVisitor | null }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // With JavaScript, close the mobile menu after a client-side navigation.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page relative">
        <div className="flex min-h-[64px] items-center justify-between gap-4">
          {/* Named by aria-label: two spans in a flex box read "Cotiza , inicio" (each child is a block). */}
          <Link
            to="/"
            aria-label="Cotiza, inicio"
            className="inline-flex min-h-[44px] items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-800 no-underline hover:no-underline"
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-7 w-7" fill="none">
              <path d="M12 2.5 4 5.5v6c0 5 3.4 8.9 8 10 4.6-1.1 8-5 8-10v-6l-8-3Z" fill="currentColor" className="text-brand-700" />
              <path d="m8.5 12 2.5 2.5 4.5-5" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>Cotiza</span>
          </Link>

          <nav aria-label="Principal" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {MAIN_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass("inline")}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li aria-hidden="true" className="mx-2 h-6 w-px bg-slate-300" />
              {visitor ? (
                <>
                  <li className="max-w-[14rem] truncate px-2 text-slate-800">Hola, {visitor.name}</li>
                  <li>
                    <NavLink to={ACCOUNT.to} className={navLinkClass("inline")}>
                      {ACCOUNT.label}
                    </NavLink>
                  </li>
                  {visitor.role === "admin" ? (
                    <li>
                      <NavLink to={BACK_OFFICE.to} className={navLinkClass("inline")}>
                        {BACK_OFFICE.label}
                      </NavLink>
                    </li>
                  ) : null}
                  <li className="ml-1">
                    <LogoutForm layout="inline" />
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <NavLink to={LOGIN.to} className={navLinkClass("inline")}>
                      {LOGIN.label}
                    </NavLink>
                  </li>
                  <li className="ml-1">
                    <NavLink to={REGISTER.to} className="btn-secondary">
                      {REGISTER.label}
                    </NavLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </div>

        {/* Small screens: the summary sits in the brand row (absolute), the links open below it in the flow. */}
        <details ref={menuRef} className="group md:hidden">
          <summary className="absolute right-4 top-[10px] flex min-h-[44px] cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 font-semibold text-slate-900 hover:bg-slate-50 sm:right-6 [&::-webkit-details-marker]:hidden">
            <MenuToggleLabel />
          </summary>
          <nav aria-label="Principal" className="border-t border-slate-200 pb-4 pt-2">
            <ul className="flex flex-col gap-1">
              {[...MAIN_ITEMS, ...(visitor ? (visitor.role === "admin" ? [BACK_OFFICE] : []) : [LOGIN])].map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass("stacked")}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {visitor ? (
                <>
                  <li className="mt-2 border-t border-slate-200 px-3 pt-3 text-slate-800">Hola, {visitor.name}</li>
                  <li>
                    <NavLink to={ACCOUNT.to} className={navLinkClass("stacked")}>
                      {ACCOUNT.label}
                    </NavLink>
                  </li>
                  <li className="mt-2">
                    <LogoutForm layout="stacked" />
                  </li>
                </>
              ) : (
                <li className="mt-2 px-3">
                  <NavLink to={REGISTER.to} className="btn-secondary w-full">
                    {REGISTER.label}
                  </NavLink>
                </li>
              )}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
