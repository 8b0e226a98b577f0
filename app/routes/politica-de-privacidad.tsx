import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { LegalDocument, sectionHeading, useSiteInfo } from "~/components/legal-document";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate } from "../../api/contract/format";
import { siteTitle } from "~/lib/page-title";

/** Change this date whenever the text below changes. */
const LAST_UPDATED = "2026-11-22";

export const meta: MetaFunction = () => [
  { title: siteTitle("Política de privacidad") },
  {
    name: "description",
    content:
      "Quién trata sus datos en Cotiza, para qué, con qué base legal, a quién se comunican, cuánto tiempo se conservan y cómo ejercer sus derechos.",
  },
];

const SECTIONS = [
  { id: "responsable", title: "Responsable del tratamiento" },
  { id: "datos", title: "Qué datos tratamos" },
  { id: "finalidades", title: "Para qué los tratamos y con qué base legal" },
  { id: "decisiones-automatizadas", title: "Cálculo automático del precio" },
  { id: "destinatarios", title: "A quién comunicamos sus datos" },
  { id: "transferencias", title: "Transferencias internacionales" },
  { id: "conservacion", title: "Cuánto tiempo conservamos sus datos" },
  { id: "derechos", title: "Sus derechos" },
  { id: "ejercicio", title: "Cómo ejercer sus derechos" },
  { id: "aepd", title: "Reclamación ante la AEPD" },
  { id: "seguridad", title: "Seguridad" },
  { id: "cookies", title: "Cookies" },
  { id: "cambios", title: "Cambios en esta política" },
] as const;

const h2 = (index: number) => sectionHeading(SECTIONS, index);

export default function PrivacyPolicyPage() {
  const site = useSiteInfo();

  return (
    <LegalDocument
      title="Política de privacidad"
      updated={formatDate(LAST_UPDATED)}
      sections={SECTIONS}
      intro={
        <p>
          En esta página le explicamos, de acuerdo con el Reglamento (UE) 2016/679 General de Protección de Datos (RGPD) y la Ley Orgánica 3/2018 de
          Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD), cómo tratamos los datos personales que nos facilita al usar
          este sitio, pedir una cotización o contratar un seguro.
        </p>
      }
    >
      {h2(0)}
      <p>El responsable del tratamiento de sus datos es:</p>
      <ul>
        <li>
          <strong>{site.distributorName}</strong>, con NIF {site.distributorTaxId}.
        </li>
        <li>Domicilio: {site.address}.</li>
        <li>
          Correo electrónico: <a href={`mailto:${site.email}`}>{site.email}</a>. Teléfono: {site.phone}.
        </li>
        <li>
          Distribuidor de seguros inscrito en el Registro administrativo de distribuidores de seguros y reaseguros de la Dirección General de Seguros
          y Fondos de Pensiones (DGSFP) con el número {site.registrationNumber}.
        </li>
      </ul>
      <p>
        Para cualquier cuestión sobre protección de datos puede escribirnos a <a href={`mailto:${site.email}`}>{site.email}</a> indicando «Protección
        de datos» en el asunto.
      </p>
      <p>
        Cuando contrata una póliza, la entidad aseguradora que la emite trata también sus datos, como responsable, para celebrar y gestionar el
        contrato de seguro. En la documentación de la póliza encontrará su información de protección de datos.
      </p>

      {h2(1)}
      <p>Tratamos solo los datos necesarios para cada finalidad:</p>
      <ul>
        <li>
          <strong>Identificación y contacto</strong>: nombre y apellidos, NIF o NIE, fecha de nacimiento, dirección postal, correo electrónico y
          teléfono.
        </li>
        <li>
          <strong>Datos del riesgo que quiere asegurar</strong>: en el seguro de coche, los del vehículo (matrícula, marca, modelo, uso) y de los
          conductores (fecha del permiso de conducir, historial de siniestros); en el de hogar, los de la vivienda (dirección, superficie, año de
          construcción, características y capitales que asegura); en el de impago del alquiler, los del contrato de arrendamiento (renta, duración) y
          de la vivienda alquilada.
        </li>
        <li>
          <strong>Datos de la póliza y de pago</strong>: plan, coberturas, recibos y los datos bancarios o de pago necesarios para cobrar la prima.
        </li>
        <li>
          <strong>Datos de su cuenta</strong>: correo electrónico y contraseña (que guardamos cifrada de forma irreversible), y su historial de
          cotizaciones y pólizas.
        </li>
        <li>
          <strong>Datos técnicos</strong>: dirección IP, fecha y hora de acceso y de cada consentimiento que nos da, y registros de seguridad del
          sitio.
        </li>
      </ul>
      <p>
        Los campos obligatorios de cada formulario están señalados: sin ellos no podemos calcular el precio ni emitir la póliza. No le pedimos datos
        de salud ni otras categorías especiales de datos. Si nos facilita datos de otras personas (por ejemplo, de otro conductor), debe haberles
        informado antes y contar con su permiso. Este sitio no está dirigido a menores de 18 años.
      </p>

      {h2(2)}
      <ScrollRegion label="Finalidades del tratamiento y base legal de cada una">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Finalidades del tratamiento y base legal de cada una</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Finalidad
              </th>
              <th scope="col" className="py-2 font-semibold">
                Base legal
              </th>
            </tr>
          </thead>
          <tbody className="align-top">
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-4">
                <strong>Cotización</strong>: calcular el precio de su seguro, mostrarle los planes y guardar sus cotizaciones en su área de cliente.
              </td>
              <td className="py-2">Aplicación de medidas precontractuales a petición suya (art. 6.1.b RGPD).</td>
            </tr>
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-4">
                <strong>Contratación y gestión de la póliza</strong>: emitirla con la aseguradora, cobrar los recibos, enviarle la documentación,
                tramitar cambios, renovaciones, desistimientos y bajas, y atender sus consultas.
              </td>
              <td className="py-2">Ejecución del contrato (art. 6.1.b RGPD).</td>
            </tr>
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-4">
                <strong>Cumplimiento legal</strong>: obligaciones de la normativa de distribución de seguros, de atención de quejas y reclamaciones,
                fiscales y contables, y de prevención del blanqueo de capitales cuando sea aplicable; atender los requerimientos de autoridades y
                tribunales.
              </td>
              <td className="py-2">Cumplimiento de obligaciones legales (art. 6.1.c RGPD).</td>
            </tr>
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-4">
                <strong>Marketing</strong>: enviarle información sobre nuestros seguros por correo electrónico u otros medios.
              </td>
              <td className="py-2">
                Su consentimiento (art. 6.1.a RGPD y art. 21 LSSI-CE), que es opcional, se pide por separado y puede retirar en cualquier momento, sin
                que afecte a su póliza.
              </td>
            </tr>
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-4">
                <strong>Seguridad y prevención del fraude</strong>: proteger el sitio y las cuentas, y detectar usos fraudulentos.
              </td>
              <td className="py-2">Interés legítimo en proteger a nuestros clientes y el servicio (art. 6.1.f RGPD).</td>
            </tr>
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-4">
                <strong>Cookies opcionales</strong> de analítica y personalización.
              </td>
              <td className="py-2">Su consentimiento (art. 6.1.a RGPD y art. 22.2 LSSI-CE).</td>
            </tr>
          </tbody>
        </table>
      </ScrollRegion>

      {h2(3)}
      {/* prettier-ignore */}
      <p>
        El precio de su cotización se calcula de forma automática, aplicando la tarifa del seguro a los datos que nos
        facilita (por ejemplo, la edad del conductor o las características de la vivienda). Este cálculo es
        necesario para ofrecerle el contrato (art. 22.2.a RGPD). Si no está de acuerdo con el resultado, puede pedir
        que lo revise una persona, expresar su punto de vista e impugnarlo escribiéndonos a <a href={`mailto:${site.email}`}>{site.email}</a>.
      </p>

      {h2(4)}
      <p>Solo comunicamos sus datos cuando es necesario para las finalidades anteriores o lo exige la ley:</p>
      <ul>
        <li>
          <strong>Entidades aseguradoras</strong> con las que distribuimos el seguro, para cotizar, emitir y gestionar su póliza.
        </li>
        <li>
          <strong>Consorcio de Compensación de Seguros</strong>, en lo que le corresponde por ley (por ejemplo, riesgos extraordinarios y, en el
          seguro de coche, el Fichero Informativo de Vehículos Asegurados).
        </li>
        <li>
          <strong>Administraciones públicas, autoridades y tribunales</strong>, como la Agencia Tributaria o la DGSFP, cuando una norma nos obligue.
        </li>
        <li>
          <strong>Entidades bancarias y de pago</strong>, para cobrar las primas.
        </li>
        <li>
          <strong>Encargados del tratamiento</strong>: proveedores que nos prestan servicios (alojamiento web, correo electrónico, envío de
          documentos, pago) y que solo pueden usar sus datos siguiendo nuestras instrucciones, con un contrato conforme al artículo 28 del RGPD.
        </li>
      </ul>
      <p>No vendemos sus datos ni los cedemos a terceros para sus propios fines comerciales.</p>

      {h2(5)}
      <p>
        No transferimos sus datos fuera del Espacio Económico Europeo. Si en el futuro algún proveedor tuviera que hacerlo, sería solo con las
        garantías del capítulo V del RGPD (una decisión de adecuación de la Comisión Europea o cláusulas contractuales tipo) y lo indicaríamos en esta
        política.
      </p>

      {h2(6)}
      <ul>
        <li>
          <strong>Cotizaciones que no contrata</strong>: 12 meses desde que la pide, para que pueda recuperarla; después se suprimen.
        </li>
        <li>
          <strong>Cuenta de cliente</strong>: mientras la mantenga activa. Puede darla de baja cuando quiera.
        </li>
        <li>
          <strong>Pólizas</strong>: mientras estén vigentes y, después, durante los plazos en que puedan exigirse responsabilidades: 2 años en los
          seguros de daños (art. 23 de la Ley de Contrato de Seguro), 4 años para las obligaciones fiscales, 6 años para la documentación contable y
          mercantil (art. 30 del Código de Comercio) y 10 años si se aplica la normativa de prevención del blanqueo de capitales.
        </li>
        <li>
          <strong>Quejas y reclamaciones</strong>: mientras se tramitan y, después, durante los plazos de prescripción anteriores.
        </li>
        <li>
          <strong>Marketing</strong>: hasta que retire su consentimiento.
        </li>
        <li>
          <strong>Su elección sobre las cookies</strong>: 180 días; después se la volvemos a pedir.
        </li>
        <li>
          <strong>Registros de seguridad</strong>: 12 meses.
        </li>
      </ul>
      <p>
        Cuando termina el plazo de uso, los datos se bloquean (art. 32 LOPDGDD): solo quedan a disposición de jueces, tribunales y autoridades durante
        la prescripción de las responsabilidades, y después se suprimen.
      </p>

      {h2(7)}
      <p>En cualquier momento puede ejercer, de forma gratuita, los siguientes derechos:</p>
      <ul>
        <li>
          <strong>Acceso</strong>: saber si tratamos sus datos y obtener una copia.
        </li>
        <li>
          <strong>Rectificación</strong>: corregir datos inexactos o incompletos.
        </li>
        <li>
          <strong>Supresión</strong>: pedir que borremos sus datos cuando ya no sean necesarios, salvo que la ley nos obligue a conservarlos.
        </li>
        <li>
          <strong>Oposición</strong>: oponerse a un tratamiento basado en nuestro interés legítimo y, en todo caso, al envío de publicidad.
        </li>
        <li>
          <strong>Limitación</strong>: pedir que dejemos de usar sus datos mientras se resuelve una reclamación suya, o que los conservemos aunque ya
          no los necesitemos.
        </li>
        <li>
          <strong>Portabilidad</strong>: recibir los datos que nos dio en un formato estructurado y de uso común, o que los enviemos a otra entidad.
        </li>
        <li>
          <strong>No ser objeto de decisiones automatizadas</strong> con efectos jurídicos o significativos sin intervención humana, con las garantías
          explicadas en el apartado <a href="#decisiones-automatizadas">Cálculo automático del precio</a>.
        </li>
        <li>
          <strong>Retirar su consentimiento</strong> cuando el tratamiento se base en él, sin que ello afecte a la licitud del tratamiento anterior.
        </li>
      </ul>

      {h2(8)}
      <p>Envíenos su solicitud indicando qué derecho quiere ejercer:</p>
      <ul>
        <li>
          por correo electrónico a <a href={`mailto:${site.email}`}>{site.email}</a>, o
        </li>
        <li>
          por correo postal a {site.distributorName}, {site.address}.
        </li>
      </ul>
      <p>
        Para proteger sus datos necesitamos comprobar su identidad: escríbanos desde el correo electrónico de su cuenta o adjunte una copia de su DNI,
        NIE o pasaporte. Si actúa en nombre de otra persona, acredite la representación. Le responderemos en el plazo de un mes, ampliable dos meses
        más si la solicitud es compleja; en ese caso le avisaremos dentro del primer mes.
      </p>

      {h2(9)}
      {/* prettier-ignore */}
      <p>
        Si considera que no hemos tratado bien sus datos o no hemos atendido sus derechos, puede presentar una
        reclamación ante la Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan, 6, 28001 Madrid, o en su
        sede electrónica en <a href="https://www.aepd.es" rel="noopener noreferrer">
          www.aepd.es
        </a>
        . Le agradeceremos que antes nos escriba, para intentar resolverlo.
      </p>

      {h2(10)}
      <p>
        Aplicamos medidas técnicas y organizativas adecuadas al riesgo: conexiones cifradas (HTTPS), contraseñas guardadas de forma irreversible,
        acceso a los datos limitado al personal que lo necesita y registro de ese acceso, y copias de seguridad.
      </p>

      {h2(11)}
      <p>
        Usamos cookies técnicas necesarias para que el sitio funcione. Las cookies opcionales (analítica y personalización) solo se usan si usted las
        acepta, y nada que no sea imprescindible se carga antes de que decida. Puede consultar el detalle y cambiar su elección en cualquier momento
        en <Link to="/cookies">Configuración de cookies</Link>.
      </p>

      {h2(12)}
      <p>
        Podemos actualizar esta política cuando cambien nuestros tratamientos o la normativa. Indicaremos la fecha de la última actualización al
        principio de esta página y, si el cambio es relevante, se lo comunicaremos por correo electrónico.
      </p>
    </LegalDocument>
  );
}
