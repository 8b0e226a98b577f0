import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useSay, useVoice } from "~/components/voice";
import { adminTitle, siteTitle } from "~/lib/page-title";
import { inVoice, type Voice } from "~/lib/voice";

/** Status of whatever a route threw: a thrown Response keeps its own, anything else is a 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The back office's pages, which speak "tú" and lead back to its dashboard. */
export const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/**
 * The document title of each error: a 404 says it in Spanish with the site's name ("Página no
 * encontrada | Cotiza"; its heading keeps the spec's "Page Not Found"); the server's
 * failures keep the spec's "Internal Server Error"; a request the server refused as the client's
 * mistake (400, 403, 413, 415…) is not a server error and says so in Spanish.
 */
export function errorTitle(error: unknown, pathname = "/"): string {
  const status = errorStatus(error);
  if (status === 404) return isAdminPath(pathname) ? adminTitle(NOT_FOUND_TITLE) : siteTitle(NOT_FOUND_TITLE);
  return isClientError(status) ? CLIENT_ERROR_TITLE : "Internal Server Error";
}

const NOT_FOUND_TITLE = "Página no encontrada";

const CLIENT_ERROR_TITLE = "Petición no válida";
const isClientError = (status: number) => status >= 400 && status < 500;

/** Our own refusals are thrown as Responses with a short Spanish sentence; anything else is not shown. */
function clientErrorMessage(error: unknown, voice: Voice): string {
  const data = isRouteErrorResponse(error) ? error.data : null;
  return inVoice(
    typeof data === "string" && data.length > 0 && data.length <= 200 && !data.includes("\n")
      ? data
      : "No hemos podido atender su petición tal como ha llegado. Vuelva a la página anterior e inténtelo de nuevo desde el formulario.",
    voice,
  );
}

/** The one shell of every error page: the status, a title, a Spanish explanation and the way home. */
function ErrorPage({
  status,
  title,
  message,
  reload,
  children,
}: {
  status: number;
  title: React.ReactNode;
  message: string;
  reload: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section className="container-page py-16" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-slate-600">Error {status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-4 text-lg">{message}</p>
      {children ?? (
        <p className="mt-6">
          {/* After a refusal or a failure a full load starts clean. */}
          <Link to="/" className="btn-primary" reloadDocument={reload}>
            Volver al inicio
          </Link>
        </p>
      )}
    </section>
  );
}

/** Where a lost customer can go from a 404 (it can stay in the app: no full load). */
const PUBLIC_WAYS_ON = [
  { to: "/cotizar", label: "Calcular el precio de un seguro" },
  { to: "/mi-poliza", label: "Mi póliza" },
];

/** The 404: the spec's heading, in English, and under it what a Spanish reader needs to go on. */
function NotFoundPage({ admin }: { admin: boolean }) {
  const title = <span lang="en">Page Not Found</span>;
  if (admin) {
    return (
      <ErrorPage
        status={404}
        title={title}
        message="La página que buscas no existe o ha cambiado de dirección. Vuelve al panel o elige una sección del menú."
        reload={false}
      >
        <p className="mt-6">
          <Link to="/admin" className="btn-primary">
            Volver al panel
          </Link>
        </p>
      </ErrorPage>
    );
  }
  return (
    <ErrorPage
      status={404}
      title={title}
      message="La página que busca no existe o ha cambiado de dirección. Compruebe la dirección o siga por uno de estos enlaces."
      reload={false}
    >
      <nav aria-label="Otras páginas" className="mt-6">
        <p>
          <Link to="/" className="btn-primary">
            Volver al inicio
          </Link>
        </p>
        <ul className="mt-4 space-y-2">
          {PUBLIC_WAYS_ON.map((way) => (
            <li key={way.to}>
              <Link to={way.to} className="underline">
                {way.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </ErrorPage>
  );
}

/**
 * The one error boundary of the web (exported by root.tsx, so it serves every route).
 * It never shows a stack trace or an error message from the server: only the status and a
 * Spanish explanation.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  // The back office's layout wraps its errors in its voice, "tú".
  const voice = useVoice();
  const say = useSay();
  const status = errorStatus(error);
  if (status === 404) return <NotFoundPage admin={isAdminPath(pathname)} />;
  if (isClientError(status)) {
    return <ErrorPage status={status} title={CLIENT_ERROR_TITLE} message={clientErrorMessage(error, voice)} reload />;
  }
  const message =
    status === 503
      ? say(
          "El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos.",
          "El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.",
        )
      : say(
          "Se ha producido un error y no hemos podido completar su petición. Inténtelo de nuevo en unos minutos; si el problema continúa, escríbanos.",
          "Se ha producido un error y no hemos podido completar tu petición. Inténtalo de nuevo en unos minutos; si el problema continúa, escríbenos.",
        );
  return <ErrorPage status={status} title={<span lang="en">Internal Server Error</span>} message={message} reload />;
}
