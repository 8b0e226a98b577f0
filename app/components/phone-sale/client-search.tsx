import { Form, Link } from "@remix-run/react";
import { focusTarget } from "~/components/focus-on-navigation";
import { countSentence } from "~/components/ui/pagination";
import { CLIENT_PARAM, phoneSaleHref, SEARCH_PARAM } from "~/lib/phone-sale";
import type { PhoneSaleData } from "~/lib/phone-sale.server";
import { LINE_PARAM } from "~/lib/quote-form";

/** Step 1 before a client is chosen: search the clients (with clients:read) or go on with a new one. */
export function ClientSearch({ data }: { data: Extract<PhoneSaleData, { step: 1 }> }) {
  return (
    <section aria-labelledby="cliente" className="mt-8">
      <h2 id="cliente" className="text-xl font-bold" {...focusTarget("paso-1")}>
        Cliente
      </h2>
      {data.canReadClients ? (
        <>
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
            {data.line ? <input type="hidden" name={LINE_PARAM} value={data.line} /> : null}
            <div>
              <label htmlFor="buscar-cliente" className="block font-medium">
                Buscar un cliente
              </label>
              <p id="buscar-cliente-pista" className="text-sm text-slate-600">
                Por NIF/NIE, nombre o correo electrónico
              </p>
              <input
                id="buscar-cliente"
                name={SEARCH_PARAM}
                type="search"
                defaultValue={data.q}
                aria-describedby="buscar-cliente-pista"
                className="mt-1 block min-h-[44px] w-full rounded-md border-2 border-slate-600 bg-white px-3 py-2 text-base sm:w-80"
              />
            </div>
            <button type="submit" className="btn-secondary">
              Buscar
            </button>
          </Form>
          {/* Always in the page, so that the count of each search is announced (as the lists' count);
              focus stays on the search button. */}
          <p className="mt-4 text-slate-700" aria-live="polite">
            {data.matches
              ? data.matches.total === 0
                ? `Ningún cliente coincide con «${data.q}». Si es un cliente nuevo, elige el seguro y sigue: sus datos se piden en el paso 3.`
                : `${countSentence({ ...data.matches, itemsLabel: "clientes" })} que ${data.matches.total === 1 && !data.matches.totalCapped ? "coincide" : "coinciden"} con «${data.q}».`
              : null}
          </p>
          {data.matches ? (
            data.matches.items.length === 0 ? null : (
              <ul aria-label="Clientes encontrados" className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300">
                {data.matches.items.map((match) => (
                  <li key={match.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <span>
                      <strong>{match.name}</strong>
                      {`${match.nif ? ` · ${match.nif}` : ""}${match.email ? ` · ${match.email}` : ""}`}
                    </span>
                    <Link
                      to={phoneSaleHref({ [CLIENT_PARAM]: match.id, [LINE_PARAM]: data.line })}
                      className="btn-secondary"
                      aria-label={`Elegir a ${match.name}`}
                    >
                      Elegir
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </>
      ) : null}
      <p className="mt-3 text-slate-700">
        ¿Cliente nuevo? No hace falta buscarlo: sus datos se piden en el paso 3 y, si su NIF/NIE ya figura, se actualiza su ficha.
      </p>
    </section>
  );
}
