import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteInfoSchema } from "../api/contract/site";
import { CookieBanner } from "~/components/cookie-banner";
import { errorTitle, GeneralErrorBoundary } from "~/components/error-boundary";
import { ChunkReloadGuard, NewVersionNotice } from "~/components/release-guard";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { apiClient } from "~/lib/api.server";
import { readConsent } from "~/lib/consent.server";
import "~/lib/load-context";
import { useNonce } from "~/lib/nonce";
import stylesheet from "~/styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) =>
  error ? [{ title: errorTitle(error) }] : [{ title: "Cotiza | Seguros de coche, hogar y alquiler" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [site, consent] = await Promise.all([
    apiClient(context, request).get("/public/site", { schema: SiteInfoSchema }),
    readConsent(request),
  ]);
  return json({ site, consent, buildVersion: context.buildVersion });
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const location = useLocation();
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
        {/* First in the page (GOV.UK pattern): keyboard and screen-reader users meet it first. */}
        {data ? <CookieBanner consent={data.consent} returnTo={location.pathname + location.search} /> : null}
        <a
          href="#contenido"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Saltar al contenido
        </a>
        <SiteHeader />
        <main id="contenido" className="flex-1">
          {children}
        </main>
        <SiteFooter site={data?.site} />
        {data ? <NewVersionNotice buildVersion={data.buildVersion} /> : null}
        <ScrollRestoration nonce={nonce} />
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
