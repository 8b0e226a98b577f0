import { Link } from "@remix-run/react";
import { focusTarget } from "~/components/focus-on-navigation";
import { phoneSaleHref } from "~/lib/phone-sale";
import type { PhoneSaleData } from "~/lib/phone-sale.server";
import { LINE_PARAM } from "~/lib/quote-form";

/** The client chosen for the phone sale, on every step; in step 1 a link to choose another. */
export function ChosenClient({ data }: { data: PhoneSaleData }) {
  if (!data.client) return null;
  const { client } = data;
  return (
    // In step 1 the client chosen is the result of "Elegir": focus lands here.
    <section
      aria-label="Cliente elegido"
      className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4"
      {...(data.step === 1 ? focusTarget(`paso-1:cliente-${client.id}`) : {})}
    >
      <p>
        Cliente: <strong>{client.name}</strong>
        {client.nif ? ` · ${client.nif}` : ""}
        {client.email ? ` · ${client.email}` : ""}
      </p>
      {data.step === 1 ? (
        <p className="mt-1">
          <Link to={phoneSaleHref({ [LINE_PARAM]: data.line })} className="underline">
            Elegir otro cliente o uno nuevo
          </Link>
        </p>
      ) : null}
    </section>
  );
}
