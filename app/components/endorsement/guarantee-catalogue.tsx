import { Link } from "@remix-run/react";
import { formatMoney } from "../../../api/contract/format";
import { documentPaths } from "~/lib/document-paths";
import type { PublicData } from "~/lib/endorsement-page";

/** /garantias for anyone without a policy in force: the guarantees of each line and in which plans they are included. */
export function PublicCatalogue({ data }: { data: PublicData }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Garantías</h1>
      <p className="mt-3 text-lg text-slate-700">
        Cada garantía cubre un tipo de daño o de gasto. Unas vienen incluidas en el plan que elija y otras puede añadirlas con coste.
      </p>
      <div className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">
        {data.signedIn ? (
          // prettier-ignore
          <p>
            No tiene ninguna póliza en vigor a la que añadir garantías. Puede <Link to="/mi-poliza" className="underline">
              ver sus pólizas en Mi póliza
            </Link> o calcular el precio de un
            seguro nuevo.
          </p>
        ) : (
          // prettier-ignore
          <p>
            ¿Ya tiene una póliza con nosotros? <Link to="/login?redirectTo=/garantias" className="underline">
              Inicie sesión para añadir garantías a su póliza
            </Link>.
          </p>
        )}
      </div>
      {data.catalogue.lines.map((line) => (
        <section key={line.code} aria-labelledby={`ramo-${line.code}`} className="mt-10">
          <h2 id={`ramo-${line.code}`} className="text-2xl font-bold text-slate-900">
            {line.name}
          </h2>
          <p className="mt-1 text-slate-700">{line.description}</p>
          <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
            <Link to={`/cotizar?linea=${line.code}`}>Calcular el precio de su {line.name.toLowerCase()}</Link>
            <a href={documentPaths.ipid(line.code)}>Documento de información del producto (IPID)</a>
          </p>
          {/* A table from 768 px (640, a 1280 px window at 200 %, is too narrow for its columns);
              below, a one-column table: each guarantee's row header says in two lines what the
              hidden columns say. Rows and cells keep their table display on every
              screen (only whole cells are hidden), so the table's meaning needs no ARIA roles: a
              browser that drops a table's semantics when its rows become blocks never sees one. */}
          <div className="mt-4">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Garantías de {line.name} por plan</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Garantía
                  </th>
                  <CatalogueHeader>Límite</CatalogueHeader>
                  <CatalogueHeader>Franquicia</CatalogueHeader>
                  {line.plans.map((p) => (
                    <CatalogueHeader key={p.code}>{p.name}</CatalogueHeader>
                  ))}
                </tr>
              </thead>
              <tbody>
                {line.guarantees.map((g) => (
                  <tr key={g.code} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-3 font-normal md:py-2 md:pr-3">
                      <span className="font-semibold">{g.name}</span>
                      <span className="block text-slate-600">{g.description}</span>
                      {/* On a phone the columns below are hidden: what they say, in two lines. */}
                      <span className="mt-1 block md:hidden">{planSummary(g, line.plans)}</span>
                      <span className="block text-slate-600 md:hidden">
                        Límite: {g.limitText ?? "—"} · Franquicia: {g.deductibleCents > 0 ? formatMoney(g.deductibleCents) : "sin franquicia"}
                      </span>
                    </th>
                    <CatalogueCell>{g.limitText ?? "—"}</CatalogueCell>
                    <CatalogueCell>{g.deductibleCents > 0 ? formatMoney(g.deductibleCents) : "Sin franquicia"}</CatalogueCell>
                    {line.plans.map((p) => (
                      <CatalogueCell key={p.code}>
                        {g.includedIn.includes(p.code) ? "✓ Incluida" : g.optionalIn.includes(p.code) ? "Opcional" : "✕ No disponible"}
                      </CatalogueCell>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}

/** A column header of the catalogue's table shown from 640 px, as its cells. */
function CatalogueHeader({ children }: { children: React.ReactNode }) {
  return (
    <th scope="col" className="hidden py-2 pr-3 md:table-cell">
      {children}
    </th>
  );
}

/** One cell of the catalogue's table, from 768 px (a phone reads the row header's summary instead). */
function CatalogueCell({ children }: { children: React.ReactNode }) {
  return <td className="hidden md:table-cell md:py-2 md:pr-3">{children}</td>;
}

/** "Incluida en Todo riesgo. Opcional en Terceros." — the plan columns in one line. */
function planSummary(g: { includedIn: readonly string[]; optionalIn: readonly string[] }, plans: readonly { code: string; name: string }[]): string {
  const names = (codes: readonly string[]) =>
    plans
      .filter((p) => codes.includes(p.code))
      .map((p) => p.name)
      .join(", ");
  const parts = [g.includedIn.length ? `Incluida en ${names(g.includedIn)}.` : "", g.optionalIn.length ? `Opcional en ${names(g.optionalIn)}.` : ""];
  return parts.filter(Boolean).join(" ") || "No disponible en ningún plan.";
}
