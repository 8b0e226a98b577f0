import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { CookieBanner } from "~/components/cookie-banner";
import { FocusOnNavigation } from "~/components/focus-on-navigation";
import { errorTitle, GeneralErrorBoundary } from "~/components/error-boundary";
import { ChunkReloadGuard, NewVersionNotice } from "~/components/release-guard";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { PageNotice, Toaster } from "~/components/toaster";
import { getVisitor } from "~/lib/auth.server";
import { readConsent } from "~/lib/consent.server";
import { csrfToken } from "~/lib/csrf.server";
import { honeypotInputProps } from "~/lib/honeypot.server";
import "~/lib/load-context";
import { useNonce } from "~/lib/nonce";
import { mergeHeaders } from "~/lib/session.server";
import { getSiteInfo } from "~/lib/site.server";
import { getToast } from "~/lib/toast.server";
import stylesheet from "~/styles/tailwind.css";
import { HOME_TITLE } from "~/lib/page-title";
import { hasFailedSubmission } from "~/lib/failed-submission";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error, location }) => (error ? [{ title: errorTitle(error, location.pathname) }] : [{ title: HOME_TITLE }]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  // getVisitor re-validates a visitor token with GET /auth/profile on every request that carries
  // one; a failed check throws the redirect to /login that clears the session.
  const [site, consent, visitor, csrf] = await Promise.all([
    getSiteInfo(context, request),
    readConsent(request),
    getVisitor(request, context),
    csrfToken(request, context),
  ]);
  const { toast, headers: toastHeaders } = getToast(request, context);
  return json(
    {
      site,
      consent,
      buildVersion: context.buildVersion,
      csrf: csrf.token,
      honeypot: honeypotInputProps(context),
      toast,
      visitor: visitor ? { name: visitor.user.name, role: visitor.user.role } : null,
      // An action of this same request answered a failed submission: titles get "Error: ".
      failedSubmission: hasFailedSubmission(context),
    },
    { headers: mergeHeaders(csrf.headers, toastHeaders, visitor?.headers) },
  );
}

// Run on every navigation, not only after actions: the header's visitor stays re-validated and
// a toast set by a redirect from another loader (e.g. 'Acceso Denegado') is picked up.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/** /admin and everything under it draws its own chrome (admin layout, or the bare login page). */
function isBackOffice(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * The key under which a page's scroll position is kept. An in-page link ("#contenido", an error's
 * "#campo") makes a history entry without state, whose key is always "default": every such entry
 * shared one saved position, and going through one scrolled a later page to it. Those entries are
 * keyed by their URL instead.
 */
function scrollKey(location: { key: string; pathname: string; search: string; hash: string }): string {
  return location.key === "default" ? `${location.pathname}${location.search}${location.hash}` : location.key;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const nonce = useNonce();
  const location = useLocation();
  // Admin pages bring their own landmarks; an error page (no admin layout) gets the public shell.
  const ownChrome = isBackOffice(location.pathname) && !error;
  const body = (
    <>
      {/* First in the page (GOV.UK pattern): keyboard and screen-reader users meet it first. */}
      {data && !isBackOffice(location.pathname) ? <CookieBanner consent={data.consent} returnTo={location.pathname + location.search} /> : null}
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Saltar al contenido
      </a>
      <Toaster toast={data?.toast} />
      {ownChrome ? (
        children
      ) : (
        <>
          <SiteHeader visitor={data?.visitor} />
          <main id="contenido" className="flex-1">
            {data?.toast ? (
              <div className="container-page pt-6">
                <PageNotice toast={data.toast} />
              </div>
            ) : null}
            {children}
          </main>
          <SiteFooter site={data?.site} />
        </>
      )}
      <FocusOnNavigation />
      {data ? <NewVersionNotice buildVersion={data.buildVersion} /> : null}
    </>
  );
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ChunkReloadGuard nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {data ? <AuthenticityTokenProvider token={data.csrf}>{body}</AuthenticityTokenProvider> : body}
        <ScrollRestoration nonce={nonce} getKey={scrollKey} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
