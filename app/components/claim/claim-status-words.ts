import type { ClaimStatus } from "../../../api/contract/claim-vocabulary";

/** Where the claim stands, in the customer's words (the staff's statuses are the badge). */
export const CLAIM_STATUS_FOR_CUSTOMER: Record<ClaimStatus, string> = {
  abierto: "Lo hemos recibido. Un tramitador lo revisará y se pondrá en contacto con usted.",
  en_revision: "Un tramitador está revisando su siniestro.",
  peritacion: "Un perito va a valorar los daños; le llamará para ver lo ocurrido.",
  aceptado: "Su siniestro está aceptado: le pagaremos la indemnización por transferencia.",
  rechazado: "Su siniestro no está cubierto. Le explicamos el motivo más abajo.",
  pagado: "Le hemos pagado la indemnización.",
  cerrado: "Su siniestro está cerrado.",
  reabierto: "Hemos vuelto a abrir su siniestro y lo estamos revisando de nuevo.",
};
