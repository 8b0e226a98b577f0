// The vocabulary of claims (siniestros, issue 26; ADR 042): statuses and their transitions, the
// event types a customer declares per line and the guarantees that cover each, the documents, the
// fraud signals, the history's events and the lines of the cover checklist. Beside vocabulary.ts
// (which is at its size limit) and like it dependency-free: pages import it, also in the browser.
// Changing a value here changes a database enum: that needs a migration (npm run db:generate).
import type { Line, StatusTone } from "./vocabulary";

// ─── Statuses ───────────────────────────────────────────────────────────────────────────────

export const CLAIM_STATUSES = ["abierto", "en_revision", "peritacion", "aceptado", "rechazado", "pagado", "cerrado", "reabierto"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  abierto: "Abierto",
  en_revision: "En revisión",
  peritacion: "En peritación",
  aceptado: "Aceptado",
  rechazado: "Rechazado",
  pagado: "Pagado",
  cerrado: "Cerrado",
  reabierto: "Reabierto",
};
export const CLAIM_STATUS_TONES: Record<ClaimStatus, StatusTone> = {
  abierto: "info",
  en_revision: "info",
  peritacion: "warning",
  aceptado: "success",
  rechazado: "danger",
  pagado: "success",
  cerrado: "neutral",
  reabierto: "warning",
};

/**
 * Where a claim may go from each status (the machine; api/domain/claim-status.ts checks it).
 * A claim is accepted or rejected only after someone looked at it (en revisión, en peritación or
 * reabierto); paid only once accepted; a rejected or paid claim is closed, and a closed or rejected
 * one may be reopened (the customer brings a new document, the rejection is contested).
 */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  abierto: ["en_revision", "rechazado"],
  en_revision: ["peritacion", "aceptado", "rechazado"],
  peritacion: ["en_revision", "aceptado", "rechazado"],
  aceptado: ["pagado", "cerrado"],
  rechazado: ["cerrado", "reabierto"],
  pagado: ["cerrado"],
  cerrado: ["reabierto"],
  reabierto: ["en_revision", "peritacion", "aceptado", "rechazado"],
};

/** The statuses the plain "change status" action reaches; accept, reject and pay have their own actions (amount, reason, IBAN). */
export const CLAIM_PLAIN_TARGETS = ["en_revision", "peritacion", "cerrado", "reabierto"] as const satisfies readonly ClaimStatus[];
export type ClaimPlainTarget = (typeof CLAIM_PLAIN_TARGETS)[number];

/** The statuses of a claim still being handled (the staff list's default, the customer's "en curso"). */
export const OPEN_CLAIM_STATUSES = ["abierto", "en_revision", "peritacion", "aceptado", "reabierto"] as const satisfies readonly ClaimStatus[];

// ─── What happened, per line ────────────────────────────────────────────────────────────────

/** Codes carry their line, so one flat list (one database enum) holds every line's types. */
export const CLAIM_EVENT_TYPES = [
  "auto_colision",
  "auto_un_vehiculo",
  "auto_lunas",
  "auto_robo",
  "auto_vandalismo",
  "auto_asistencia",
  "hogar_agua",
  "hogar_incendio",
  "hogar_robo",
  "hogar_cristales",
  "hogar_electricos",
  "hogar_rc_vecino",
  "alquiler_impago",
] as const;
export type ClaimEventType = (typeof CLAIM_EVENT_TYPES)[number];

export type ClaimEventTypeInfo = {
  line: Line;
  /** What the customer picks ("¿Qué ha pasado?"). */
  label: string;
  /** The guarantee codes of the line's catalogue that cover it, in order of preference: the first one held that day applies. */
  coveredBy: readonly string[];
  /**
   * The plan's general deductible (franquicia "por siniestro en daños propios", as the particular
   * conditions say) applies when the covering guarantee has none of its own: damage to the
   * customer's own car or home; not third-party liability, assistance, glass of a car or rent.
   */
  planDeductible: boolean;
  /** The documents that usually back it (asked in the declaration, never required to declare). */
  documents: readonly ClaimDocumentKind[];
};

export const CLAIM_EVENT_TYPE_INFO: Readonly<Record<ClaimEventType, ClaimEventTypeInfo>> = {
  auto_colision: {
    line: "auto",
    label: "Colisión con otro vehículo",
    // Own damage under daños propios; the other party's under the liability every car policy carries.
    coveredBy: ["auto_danos_propios", "auto_danos_propios_franquicia", "auto_rc_obligatoria", "auto_rc_voluntaria"],
    planDeductible: true,
    documents: ["parte_amistoso", "foto"],
  },
  auto_un_vehiculo: {
    line: "auto",
    label: "Accidente sin otro vehículo (salida de vía, choque contra un objeto)",
    coveredBy: ["auto_danos_propios", "auto_danos_propios_franquicia"],
    planDeductible: true,
    documents: ["foto"],
  },
  auto_lunas: { line: "auto", label: "Rotura de lunas", coveredBy: ["auto_lunas"], planDeductible: false, documents: ["foto", "factura"] },
  auto_robo: { line: "auto", label: "Robo del vehículo o de piezas", coveredBy: ["auto_robo"], planDeductible: false, documents: ["denuncia"] },
  auto_vandalismo: {
    line: "auto",
    label: "Actos vandálicos",
    coveredBy: ["auto_danos_propios", "auto_danos_propios_franquicia"],
    planDeductible: true,
    documents: ["denuncia", "foto"],
  },
  auto_asistencia: {
    line: "auto",
    label: "Asistencia en carretera (avería, grúa)",
    coveredBy: ["auto_asistencia_viaje"],
    planDeductible: false,
    documents: [],
  },
  hogar_agua: { line: "hogar", label: "Daños por agua", coveredBy: ["hogar_danos_agua"], planDeductible: true, documents: ["foto", "factura"] },
  hogar_incendio: {
    line: "hogar",
    label: "Incendio o explosión",
    coveredBy: ["hogar_incendio_explosion"],
    planDeductible: true,
    documents: ["foto", "denuncia"],
  },
  hogar_robo: {
    line: "hogar",
    label: "Robo en la vivienda",
    coveredBy: ["hogar_robo"],
    planDeductible: true,
    documents: ["denuncia", "foto", "factura"],
  },
  hogar_cristales: {
    line: "hogar",
    label: "Rotura de lunas y cristales",
    coveredBy: ["hogar_rotura_cristales"],
    planDeductible: true,
    documents: ["foto", "factura"],
  },
  hogar_electricos: {
    line: "hogar",
    label: "Daños eléctricos en aparatos o instalación",
    coveredBy: ["hogar_danos_electricos"],
    planDeductible: true,
    documents: ["foto", "factura"],
  },
  hogar_rc_vecino: {
    line: "hogar",
    label: "Daños causados a un vecino (responsabilidad civil)",
    coveredBy: ["hogar_responsabilidad_civil"],
    planDeductible: false,
    documents: ["foto"],
  },
  alquiler_impago: {
    line: "alquiler",
    label: "Impago de rentas del inquilino",
    coveredBy: ["alquiler_impago_rentas"],
    planDeductible: false,
    documents: ["contrato_arrendamiento", "reclamacion_inquilino"],
  },
};

/** The event types a customer of `line` may declare, in the order the form shows them. */
export function claimEventTypesOf(line: Line): ClaimEventType[] {
  return CLAIM_EVENT_TYPES.filter((t) => CLAIM_EVENT_TYPE_INFO[t].line === line);
}

// ─── Documents ──────────────────────────────────────────────────────────────────────────────

export const CLAIM_DOCUMENT_KINDS = [
  "parte_amistoso",
  "denuncia",
  "foto",
  "contrato_arrendamiento",
  "reclamacion_inquilino",
  "informe_pericial",
  "factura",
  "otro",
] as const;
export type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_KINDS)[number];
export const CLAIM_DOCUMENT_KIND_LABELS: Record<ClaimDocumentKind, string> = {
  parte_amistoso: "Parte amistoso (Declaración Amistosa de Accidente)",
  denuncia: "Denuncia",
  foto: "Fotografía",
  contrato_arrendamiento: "Contrato de arrendamiento",
  reclamacion_inquilino: "Reclamación al inquilino (burofax, requerimiento)",
  informe_pericial: "Informe pericial",
  factura: "Factura o presupuesto",
  otro: "Otro documento",
};

// ─── Fraud signals (shown to the handler; never a decision) ──────────────────────────────────

export const CLAIM_FRAUD_SIGNALS = ["cerca_del_inicio", "cerca_de_un_suplemento", "varios_en_un_ano", "robo_sin_denuncia"] as const;
export type ClaimFraudSignal = (typeof CLAIM_FRAUD_SIGNALS)[number];
export const CLAIM_FRAUD_SIGNAL_LABELS: Record<ClaimFraudSignal, string> = {
  cerca_del_inicio: "Ocurrido en los primeros 30 días de la póliza",
  cerca_de_un_suplemento: "Ocurrido en los 30 días siguientes a un suplemento",
  varios_en_un_ano: "Varios siniestros en los últimos 12 meses",
  robo_sin_denuncia: "Robo sin denuncia",
};

// ─── The cover checklist ─────────────────────────────────────────────────────────────────────

export const CLAIM_CHECKS = ["vigencia", "anulacion", "primera_prima", "suspension", "garantia", "carencia", "importe"] as const;
export type ClaimCheck = (typeof CLAIM_CHECKS)[number];
export const CLAIM_CHECK_LABELS: Record<ClaimCheck, string> = {
  vigencia: "Dentro del periodo de cobertura",
  anulacion: "Póliza no anulada",
  primera_prima: "Primera prima pagada",
  suspension: "Cobertura no suspendida por impago",
  garantia: "Garantía que cubre el siniestro",
  carencia: "Periodo de carencia cumplido",
  importe: "Límite y franquicia",
};
export const CLAIM_CHECK_RESULTS = ["ok", "fallo", "aviso"] as const;
export type ClaimCheckResult = (typeof CLAIM_CHECK_RESULTS)[number];
export const CLAIM_CHECK_RESULT_TONES: Record<ClaimCheckResult, StatusTone> = { ok: "success", fallo: "danger", aviso: "warning" };

// ─── The claim's history and its thread ──────────────────────────────────────────────────────

export const CLAIM_EVENTS = {
  declarado: "Siniestro declarado",
  asignado: "Tramitador asignado",
  estado: "Cambio de estado",
  reserva: "Reserva modificada",
  aceptado: "Siniestro aceptado",
  rechazado: "Siniestro rechazado",
  pagado: "Indemnización pagada",
  mensaje: "Mensaje",
  documento_pedido: "Documento pedido al cliente",
  documento_subido: "Documento añadido",
  perito: "Perito designado",
} as const satisfies Record<string, string>;
export type ClaimEvent = keyof typeof CLAIM_EVENTS;
export const CLAIM_EVENT_CODES = Object.keys(CLAIM_EVENTS) as [ClaimEvent, ...ClaimEvent[]];

/** Who wrote a message of a claim's thread. */
export const CLAIM_MESSAGE_AUTHORS = ["cliente", "tramitador"] as const;
export type ClaimMessageAuthor = (typeof CLAIM_MESSAGE_AUTHORS)[number];

/** When the customer prefers to be called back about the claim. */
export const CLAIM_CONTACT_TIMES = ["manana", "tarde", "indiferente"] as const;
export type ClaimContactTime = (typeof CLAIM_CONTACT_TIMES)[number];
export const CLAIM_CONTACT_TIME_LABELS: Record<ClaimContactTime, string> = {
  manana: "Por la mañana (9 a 14 h)",
  tarde: "Por la tarde (16 a 20 h)",
  indiferente: "A cualquier hora",
};
