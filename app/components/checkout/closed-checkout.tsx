import { Link } from "@remix-run/react";

/** /checkout of a quote that can no longer be bought: bought (go to Mi póliza), expired or discarded (quote again). */
export function ClosedCheckout({ message, requoteHref, contracted }: { message: string; requoteHref: string; contracted: boolean }) {
  return (
    <section aria-labelledby="aviso-titulo" className="mt-8 rounded-md border-l-8 border-amber-500 bg-amber-50 p-4 sm:p-6">
      <h2 id="aviso-titulo" className="text-xl font-bold text-slate-900">
        {contracted ? "Ya ha contratado esta cotización" : "No se puede contratar esta cotización"}
      </h2>
      <p className="mt-2 text-slate-800">{message}</p>
      <p className="mt-4">
        {contracted ? (
          <Link to="/mi-poliza" className="btn-primary">
            Ir a Mi póliza
          </Link>
        ) : (
          <Link to={requoteHref} className="btn-primary">
            Volver a cotizar
          </Link>
        )}
      </p>
    </section>
  );
}
