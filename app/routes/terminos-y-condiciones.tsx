import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalDocument, sectionHeading, useSiteInfo } from "~/components/legal-document";
import { formatDate } from "../../api/contract/format";
import { siteTitle } from "~/lib/page-title";

/** Change this date whenever the text below changes. */
const LAST_UPDATED = "2026-11-22";

export const meta: MetaFunction = () => [
  { title: siteTitle("Términos y condiciones") },
  {
    name: "description",
    content:
      "Quiénes somos, condiciones de uso del sitio, cómo se cotiza y contrata un seguro en Cotiza, desistimiento en 14 días, precio y pago, y cómo reclamar.",
  },
];

const SECTIONS = [
  { id: "quienes-somos", title: "Quiénes somos" },
  { id: "objeto", title: "Objeto" },
  { id: "uso", title: "Condiciones de uso del sitio" },
  { id: "cotizaciones", title: "Cotizaciones" },
  { id: "contratacion", title: "Proceso de contratación y documentos" },
  { id: "desistimiento", title: "Derecho de desistimiento" },
  { id: "precio", title: "Precio, pago y renovación" },
  { id: "responsabilidad", title: "Responsabilidad" },
  { id: "propiedad-intelectual", title: "Propiedad intelectual e industrial" },
  { id: "reclamaciones", title: "Quejas y reclamaciones" },
  { id: "datos", title: "Protección de datos y cookies" },
  { id: "ley", title: "Legislación aplicable y jurisdicción" },
  { id: "cambios", title: "Cambios en estas condiciones" },
] as const;

const h2 = (index: number) => sectionHeading(SECTIONS, index);

export default function TermsPage() {
  const site = useSiteInfo();

  return (
    <LegalDocument
      title="Términos y condiciones"
      updated={formatDate(LAST_UPDATED)}
      sections={SECTIONS}
      intro={
        <p>
          Estas condiciones regulan el uso de este sitio web y la cotización y contratación de seguros a través de él. Léalas antes de usarlo: al
          navegar por el sitio o contratar un seguro, usted las acepta.
        </p>
      }
    >
      {h2(0)}
      <p>
        En cumplimiento del artículo 10 de la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), le
        informamos de que este sitio pertenece a:
      </p>
      <ul>
        <li>
          Titular: <strong>{site.distributorName}</strong>
        </li>
        <li>NIF: {site.distributorTaxId}</li>
        <li>Domicilio: {site.address}</li>
        <li>
          Correo electrónico: <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li>Teléfono: {site.phone}</li>
        <li>
          Inscripción: Registro administrativo de distribuidores de seguros y reaseguros de la Dirección General de Seguros y Fondos de Pensiones
          (DGSFP), número {site.registrationNumber}. Puede comprobarla en la sede electrónica de la DGSFP.
        </li>
      </ul>
      <p>
        Somos un distribuidor de seguros: no somos la entidad aseguradora. El seguro que contrate lo emite y lo cubre la aseguradora que se indica en
        su cotización y en su póliza. Antes de contratar le informamos de qué aseguradora es, de si le prestamos asesoramiento y de la naturaleza de
        la remuneración que recibimos.
      </p>

      {h2(1)}
      <p>
        Este sitio le permite informarse sobre nuestros seguros de coche, de hogar y de impago del alquiler, pedir cotizaciones, contratarlos en línea
        y consultar después sus cotizaciones, su póliza y sus recibos. Estas condiciones se completan con la documentación de cada seguro, que
        prevalece en lo que se refiere al contrato de seguro.
      </p>

      {h2(2)}
      <ul>
        <li>Para contratar debe ser mayor de edad y tener capacidad legal para obligarse.</li>
        <li>
          Los datos que nos facilite deben ser ciertos y completos. En el seguro, usted tiene el deber de declarar todas las circunstancias que le
          preguntemos y que puedan influir en la valoración del riesgo (art. 10 de la Ley 50/1980, de Contrato de Seguro). Si las declara mal, la
          aseguradora puede rescindir el contrato o reducir la indemnización.
        </li>
        <li>Su cuenta es personal. Guarde su contraseña y avísenos si cree que alguien la conoce. Usted responde de lo que se haga con ella.</li>
        <li>
          No está permitido usar el sitio con fines ilícitos, introducir datos de terceros sin su permiso, intentar acceder a zonas o datos ajenos, ni
          hacer consultas automatizadas masivas.
        </li>
      </ul>

      {h2(3)}
      <p>
        Con los datos que nos facilita le mostramos el precio y las coberturas de cada plan. La cotización es informativa y no le obliga a contratar.
        El precio que le damos se mantiene durante 15 días naturales desde la fecha de la cotización (art. 6 de la Ley de Contrato de Seguro), siempre
        que los datos que declaró sean ciertos y no cambien. Pasado ese plazo, el precio se vuelve a calcular con la tarifa vigente.
      </p>
      <p>Sus cotizaciones quedan guardadas en «Mis cotizaciones» si ha iniciado sesión.</p>

      {h2(4)}
      <p>La contratación se hace en línea, en español, siguiendo estos pasos:</p>
      <ol>
        <li>Pida su cotización y elija un plan y, si quiere, coberturas opcionales.</li>
        <li>
          Antes de pagar, le entregamos el documento de información sobre el producto de seguro (IPID) y la información previa exigida por la ley, y
          puede consultar las condiciones generales del seguro.
        </li>
        <li>Complete los datos del tomador y del riesgo y revise el resumen. En esa pantalla puede corregir cualquier dato antes de confirmar.</li>
        <li>Acepte expresamente estas condiciones y la documentación del seguro, y pague la primera prima.</li>
        <li>Le confirmamos la contratación por correo electrónico y le enviamos las condiciones particulares de su póliza.</li>
      </ol>
      <p>
        La cobertura empieza en la fecha de efecto que figura en las condiciones particulares, una vez pagada la primera prima. Toda la documentación
        (IPID, condiciones particulares y generales, y recibos) queda archivada y disponible para descargar en <Link to="/mi-poliza">Mi póliza</Link>,
        y se la enviamos por correo electrónico, que es un soporte duradero.
      </p>

      {h2(5)}
      <p>
        Si contrata como consumidor a distancia, puede desistir del contrato sin indicar el motivo y sin penalización durante 14 días naturales desde
        que se celebró o, si es posterior, desde que recibió las condiciones y la información contractual.
      </p>
      {/* prettier-ignore */}
      <p>
        Para desistir, use la opción de desistimiento de <Link to="/mi-poliza">Mi póliza</Link> o escríbanos a <a href={`mailto:${site.email}`}>{site.email}</a> antes de que termine el plazo. La cobertura termina desde
        que nos lo comunica y le devolvemos la prima pagada, descontando solo la parte correspondiente a los días en
        que estuvo asegurado, en un plazo máximo de 30 días.
      </p>
      <p>
        El derecho de desistimiento no se aplica en los casos excluidos por la ley (por ejemplo, seguros de viaje o de equipaje de duración inferior a
        un mes, o contratos ya cumplidos totalmente por ambas partes a petición suya). Si un producto está excluido, se lo indicamos en su
        documentación antes de contratar.
      </p>

      {h2(6)}
      <p>
        El precio que ve antes de pagar es el precio total del seguro para el periodo indicado: incluye la prima, el Impuesto sobre las Primas de
        Seguros (IPS) y los recargos legales del Consorcio de Compensación de Seguros.
      </p>
      <p>
        Puede pagar con los medios que se ofrecen en el proceso de contratación. Si la primera prima no se paga, la cobertura no empieza (art. 15 de
        la Ley de Contrato de Seguro); si un recibo posterior queda sin pagar, la cobertura se suspende un mes después de su vencimiento.
      </p>
      <p>
        Salvo que la póliza diga otra cosa, el seguro se renueva cada año. Puede oponerse a la renovación comunicándolo por escrito con al menos un
        mes de antelación a la fecha de vencimiento; la aseguradora, con dos meses (art. 22 de la Ley de Contrato de Seguro).
      </p>

      {h2(7)}
      <p>
        Trabajamos para que el sitio esté disponible y la información sea exacta, pero no podemos garantizar que no haya interrupciones por
        mantenimiento o causas ajenas. La información general del sitio es orientativa: lo que le cubre su seguro es lo que dicen sus condiciones
        generales, especiales y particulares.
      </p>
      <p>
        No respondemos de los daños causados por un uso del sitio contrario a estas condiciones, ni del contenido de sitios de terceros a los que
        enlacemos. Nada de lo anterior limita los derechos que le reconoce la ley como consumidor.
      </p>

      {h2(8)}
      <p>
        Los textos, el diseño, los logotipos, el código y los demás contenidos del sitio pertenecen a {site.distributorName} o a sus licenciantes y
        están protegidos por la normativa de propiedad intelectual e industrial. Puede consultarlos e imprimirlos para su uso personal; no puede
        reproducirlos, distribuirlos ni transformarlos con otros fines sin nuestra autorización escrita.
      </p>

      {h2(9)}
      {/* prettier-ignore */}
      <p>
        Si no está satisfecho, diríjase a nuestro Servicio de Atención al Cliente por correo electrónico a <a href={`mailto:${site.complaintsEmail}`}>{site.complaintsEmail}</a> o por correo postal a {site.distributorName}, {site.address}. Indique su nombre, NIF, número de póliza o de cotización y el motivo
        de su queja. Le responderemos por escrito en el plazo que fija la normativa.
      </p>
      <p>
        Si no le respondemos en plazo o no está de acuerdo con la respuesta, puede presentar su reclamación ante el Servicio de Reclamaciones de la
        Dirección General de Seguros y Fondos de Pensiones (DGSFP), Paseo de la Castellana, 44, 28046 Madrid, o en su sede electrónica.
      </p>

      {h2(10)}
      <p>
        Tratamos sus datos como se explica en la <Link to="/politica-de-privacidad">Política de privacidad</Link>. Puede elegir qué cookies opcionales
        acepta en <Link to="/cookies">Configuración de cookies</Link>.
      </p>

      {h2(11)}
      <p>
        Estas condiciones se rigen por la ley española. Para cualquier controversia derivada del contrato de seguro será competente el juez del
        domicilio del asegurado (art. 24 de la Ley de Contrato de Seguro) y, en los demás casos, si usted es consumidor, los juzgados y tribunales de
        su domicilio.
      </p>

      {h2(12)}
      <p>
        Podemos modificar estas condiciones para adaptarlas a cambios legales o del servicio. La versión aplicable es la publicada cuando usa el
        sitio; los contratos ya celebrados se rigen por las condiciones aceptadas al contratar.
      </p>
    </LegalDocument>
  );
}
