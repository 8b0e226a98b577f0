import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProductLine } from "../../api/contract/site";
import { formatMoney } from "../../api/contract/format";
import "~/lib/load-context";
import { HOME_TITLE } from "~/lib/page-title";
import { getProductLines } from "~/lib/site.server";
import { visitorLoader } from "~/lib/visitor-route.server";

export const meta: MetaFunction = () => [
  { title: HOME_TITLE },
  {
    name: "description",
    content:
      "Calcule en minutos el precio de su seguro de coche, de hogar o de impago del alquiler, compare los planes y contrátelo en línea con toda la documentación antes de firmar.",
  },
];

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ request, context }) => {
    const { lines } = await getProductLines(context, request);
    return { lines };
  });

export default function HomePage() {
  const { lines } = useLoaderData<typeof loader>();

  return (
    <>
      <section aria-labelledby="portada-titulo" className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 sm:py-16 md:py-20">
          <div className="max-w-2xl">
            <h1 id="portada-titulo" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl md:text-5xl">
              Compare y contrate su seguro en minutos
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-slate-700 sm:text-xl">
              Seguros de coche, de hogar y de impago del alquiler. Calcule su precio sin compromiso, vea qué cubre cada plan y qué no, y contrátelo en
              línea cuando lo tenga claro.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Link to="/cotizar" className="btn-primary px-6 py-3 text-lg">
                Calcular precio
              </Link>
              <p className="text-sm text-slate-600">Sin compromiso: calcular el precio no le obliga a contratar.</p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="seguros-titulo" className="container-page py-12 sm:py-16">
        <h2 id="seguros-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Nuestros seguros
        </h2>
        {lines.length === 0 ? (
          <p className="mt-4 text-slate-700">Ahora mismo no hay seguros disponibles para contratar en línea. Vuelva a intentarlo más tarde.</p>
        ) : (
          <>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 md:grid-cols-3">
              {lines.map((line) => (
                <li key={line.code}>
                  <LineCard line={line} />
                </li>
              ))}
            </ul>
            {lines.some((line) => line.fromPrice !== null) ? (
              <p className="mt-4 text-sm text-slate-600">
                «Desde»: lo que cuesta hoy un año del plan más económico para el perfil que se indica en cada seguro, pagado en un solo recibo, con
                recargos e impuestos incluidos. Su precio depende de sus datos y lo verá antes de contratar.
              </p>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="como-funciona-titulo" className="border-y border-slate-200 bg-slate-50">
        <div className="container-page py-12 sm:py-16">
          <h2 id="como-funciona-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Cómo funciona
          </h2>
          <ol className="mt-6 grid gap-6 md:grid-cols-3">
            <Step number={1} title="Cuéntenos lo básico">
              Responda unas preguntas sobre usted y lo que quiere asegurar. Verá el precio al momento.
            </Step>
            <Step number={2} title="Compare los planes">
              Cada plan indica qué incluye, qué no y los extras opcionales. Antes de decidir puede descargar el documento de información del producto
              (IPID).
            </Step>
            <Step number={3} title="Contrate en línea">
              Pague de forma segura y reciba su póliza por correo electrónico. También la tendrá en «Mi póliza».
            </Step>
          </ol>
        </div>
      </section>

      <section aria-labelledby="confianza-titulo" className="container-page py-12 sm:py-16">
        <h2 id="confianza-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Con todas las garantías
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 md:grid-cols-4">
          <TrustPoint icon={<ShieldIcon />} title="Distribuidor inscrito">
            Estamos inscritos en el Registro de distribuidores de seguros de la Dirección General de Seguros y Fondos de Pensiones (DGSFP). Verá
            nuestro número de inscripción al pie de cada página.
          </TrustPoint>
          <TrustPoint icon={<DocumentIcon />} title="Información antes de contratar">
            Antes de pagar tendrá el IPID de su seguro y las condiciones del plan elegido. Después, las condiciones particulares de su póliza y sus
            recibos, en «Mi póliza».
          </TrustPoint>
          <TrustPoint icon={<CalendarIcon />} title="14 días para desistir">
            Al contratar a distancia dispone de 14 días naturales para desistir sin penalización ni explicaciones, salvo las excepciones que indique
            la documentación del producto.
          </TrustPoint>
          <TrustPoint icon={<ChatIcon />} title="Le escuchamos">
            Si algo no va bien, nuestro Servicio de Atención al Cliente atiende sus quejas y reclamaciones. Si no queda satisfecho, puede acudir a la
            DGSFP.
          </TrustPoint>
        </ul>
      </section>
    </>
  );
}

function LineCard({ line }: { line: ProductLine }) {
  const headingId = `linea-${line.code}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-3">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <LineIcon code={line.code} />
        </span>
        <h3 id={headingId} className="text-xl font-bold">
          {line.name}
        </h3>
      </div>
      {line.fromPrice !== null && line.fromPriceBasis ? (
        <>
          <p className="mt-4 text-slate-700">
            desde <span className="text-2xl font-bold text-slate-900">{formatMoney(line.fromPrice)}</span>/año
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Plan {line.fromPriceBasis.plan.name}, pago anual, impuestos incluidos. {line.fromPriceBasis.description}.
          </p>
        </>
      ) : null}
      <p className="mt-3 leading-relaxed text-slate-700">{line.description}</p>
      {line.plans.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Planes</h4>
          <ul className="mt-2 flex flex-wrap gap-2">
            {line.plans.map((plan) => (
              <li key={plan.code} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {plan.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-auto pt-6">
        <Link to={`/cotizar?linea=${encodeURIComponent(line.code)}`} className="btn-secondary w-full">
          Cotizar {line.name.toLocaleLowerCase("es-ES")}
        </Link>
      </div>
    </article>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
      >
        {number}
      </span>
      <div>
        <h3 className="text-lg font-semibold">
          <span className="sr-only">Paso {number}: </span>
          {title}
        </h3>
        <p className="mt-1 leading-relaxed text-slate-700">{children}</p>
      </div>
    </li>
  );
}

function TrustPoint({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li>
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <h3 className="mt-3 text-lg font-semibold">{title}</h3>
      <p className="mt-1 leading-relaxed text-slate-700">{children}</p>
    </li>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function LineIcon({ code }: { code: ProductLine["code"] }) {
  switch (code) {
    case "auto":
      return (
        <Icon>
          <path d="M5 16h14M5 16v2.5M19 16v2.5M4 16v-3.5L6 7.5A2 2 0 0 1 7.9 6h8.2A2 2 0 0 1 18 7.5l2 5V16" />
          <path d="M4.5 12h15" />
          <circle cx="7.5" cy="14" r=".6" fill="currentColor" />
          <circle cx="16.5" cy="14" r=".6" fill="currentColor" />
        </Icon>
      );
    case "hogar":
      return (
        <Icon>
          <path d="M3.5 11 12 4l8.5 7" />
          <path d="M5.5 9.5V20h13V9.5" />
          <path d="M10 20v-5h4v5" />
        </Icon>
      );
    case "alquiler":
      return (
        <Icon>
          <circle cx="8" cy="15" r="3.5" />
          <path d="m10.5 12.5 8-8M16 7l2 2M14 9l1.5 1.5" />
        </Icon>
      );
  }
}

function ShieldIcon() {
  return (
    <Icon>
      <path d="M12 3 5 5.8v5.4c0 4.4 3 8 7 9.3 4-1.3 7-4.9 7-9.3V5.8L12 3Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

function DocumentIcon() {
  return (
    <Icon>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </Icon>
  );
}

function CalendarIcon() {
  return (
    <Icon>
      <rect x="4" y="5" width="16" height="15" rx="2" />
      <path d="M8 3v4M16 3v4M4 10h16M9 15l2 2 4-4" />
    </Icon>
  );
}

function ChatIcon() {
  return (
    <Icon>
      <path d="M20 12a7.5 7.5 0 0 1-11 6.6L4 20l1.4-4.6A7.5 7.5 0 1 1 20 12Z" />
    </Icon>
  );
}
