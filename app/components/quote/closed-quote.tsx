import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Quote } from "../../../api/contract/quotes";
import { formatDate } from "../../../api/contract/format";

/** /results of a quote that can no longer be bought: bought (go to Mi póliza), expired or discarded (quote again). */
export function ClosedQuote({
  status,
  validUntil,
  message,
  requoteHref,
}: {
  status: Quote["status"];
  validUntil: string;
  message: string | null;
  requoteHref: string;
}) {
  if (status === "contratada") {
    return (
      <Notice title="Ya ha contratado esta cotización">
        <p>Puede ver su póliza, sus recibos y su documentación en «Mi póliza».</p>
        <p className="mt-4">
          <Link to="/mi-poliza" className="btn-primary">
            Ir a Mi póliza
          </Link>
        </p>
      </Notice>
    );
  }
  return (
    <Notice title={status === "caducada" ? "Esta cotización ha caducado" : "Esta cotización ya no está disponible"}>
      <p>
        {message ??
          (status === "caducada"
            ? `Sus precios eran válidos hasta el ${formatDate(validUntil)}. Vuelva a cotizar con los mismos datos para ver el precio de hoy.`
            : "Se ha descartado y ya no se puede contratar. Vuelva a cotizar con los mismos datos para ver el precio de hoy.")}
      </p>
      <p className="mt-4">
        <Link to={requoteHref} className="btn-primary">
          Volver a cotizar
        </Link>
      </p>
    </Notice>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="aviso-titulo" className="mt-8 max-w-2xl rounded-md border-l-8 border-amber-500 bg-amber-50 p-4 sm:p-6">
      <h2 id="aviso-titulo" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-slate-800">{children}</div>
    </section>
  );
}
