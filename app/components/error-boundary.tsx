import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** Status of whatever a route threw: a thrown Response keeps its own, anything else is a 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The page title of each error: the spec's "Page Not Found" for 404 and "Internal Server Error"
 * for the server's failures; a request the server refused as the client's mistake (400, 403, 413,
 * 415…) is not a server error and says so in Spanish (issue 12).
 */
export function errorTitle(error: unknown): string {
  const status = errorStatus(error);
  if (status === 404) return "Page Not Found";
  return isClientError(status) ? CLIENT_ERROR_TITLE : "Internal Server Error";
}

const CLIENT_ERROR_TITLE = "Petición no válida";
const isClientError = (status: number) => status >= 400 && status < 500;

/** Our own refusals are thrown as Responses with a short Spanish sentence; anything else is not shown. */
function clientErrorMessage(error: unknown): string {
  const data = isRouteErrorResponse(error) ? error.data : null;
  return typeof data === "string" && data.length > 0 && data.length <= 200 && !data.includes("\n")
    ? data
    : "No hemos podido atender su petición tal como ha llegado. Vuelva a la página anterior e inténtelo de nuevo desde el formulario.";
}

/** The one shell of every error page: the status, a title, a Spanish explanation and the way home. */
function ErrorPage({ status, title, message, reload }: { status: number; title: React.ReactNode; message: string; reload: boolean }) {
  return (
    <section className="container-page py-16" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-slate-600">Error {status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-4 text-lg">{message}</p>
      <p className="mt-6">
        {/* After a refusal or a failure a full load starts clean; a 404 can stay in the app. */}
        <Link to="/" className="btn-primary" reloadDocument={reload}>
          Volver al inicio
        </Link>
      </p>
    </section>
  );
}

/**
 * The one error boundary of the web (exported by root.tsx, so it serves every route).
 * It never shows a stack trace or an error message from the server: only the status and a
 * Spanish explanation.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status === 404) {
    return <ErrorPage status={404} title={<span lang="en">Page Not Found</span>} message="La página que busca no existe o ha cambiado de dirección." reload={false} />;
  }
  if (isClientError(status)) {
    return <ErrorPage status={status} title={CLIENT_ERROR_TITLE} message={clientErrorMessage(error)} reload />;
  }
  const message =
    status === 503
      ? "El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos."
      : "Se ha producido un error y no hemos podido completar su petición. Inténtelo de nuevo en unos minutos; si el problema continúa, escríbanos.";
  return <ErrorPage status={status} title={<span lang="en">Internal Server Error</span>} message={message} reload />;
}
