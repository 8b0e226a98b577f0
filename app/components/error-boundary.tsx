import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** Status of whatever a route threw: a thrown Response keeps its own, anything else is a 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The page title the spec gives each error: "Page Not Found" for 404, else "Internal Server Error". */
export function errorTitle(error: unknown): string {
  return errorStatus(error) === 404 ? "Page Not Found" : "Internal Server Error";
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
    return (
      <section className="container-page py-16" aria-labelledby="error-title">
        <p className="text-sm font-semibold text-slate-600">Error 404</p>
        <h1 id="error-title" className="mt-2 text-3xl font-bold">
          <span lang="en">Page Not Found</span>
        </h1>
        <p className="mt-4 text-lg">La página que busca no existe o ha cambiado de dirección.</p>
        <p className="mt-6">
          <Link to="/" className="btn-primary">
            Volver al inicio
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container-page py-16" aria-labelledby="error-title">
      <p className="text-sm font-semibold text-slate-600">Error {status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold">
        <span lang="en">Internal Server Error</span>
      </h1>
      <p className="mt-4 text-lg">
        {status === 503
          ? "El servicio no está disponible en este momento. Inténtelo de nuevo en unos minutos."
          : "Se ha producido un error y no hemos podido completar su petición. Inténtelo de nuevo en unos minutos; si el problema continúa, escríbanos."}
      </p>
      <p className="mt-6">
        <Link to="/" className="btn-primary" reloadDocument>
          Volver al inicio
        </Link>
      </p>
    </section>
  );
}
