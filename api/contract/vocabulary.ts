// The one vocabulary of Cotiza: product lines, payment frequencies and methods, the statuses of
// quotes, policies, recibos and payments, and the consent purposes. Each is a `const` tuple (the
// single source of its values: the database enums, the domain, the contract's zod enums and the
// PDFs are built from it), a typed union, a Spanish label map and, for statuses, a badge tone.
//
// Dependency-free on purpose (no zod, no drizzle): pages import it cheaply, also in the browser.
// Changing a value here changes a database enum: that needs a migration (npm run db:generate).

/** The tones of app/components/ui/badge.tsx (kept equal; the API may not import the web). */
export type StatusTone = "neutral" | "success" | "warning" | "danger" | "info";

// ─── Product lines ──────────────────────────────────────────────────────────────────────────

export const LINES = ["auto", "hogar", "alquiler"] as const;
export type Line = (typeof LINES)[number];
/** Short name, as on the line chooser ("Coche"). */
export const LINE_LABELS: Record<Line, string> = { auto: "Coche", hogar: "Hogar", alquiler: "Alquiler" };
/** Product name, as in documents and headings ("Seguro de coche"). */
export const LINE_NAMES: Record<Line, string> = {
  auto: "Seguro de coche",
  hogar: "Seguro de hogar",
  alquiler: "Seguro de impago de alquiler",
};

// ─── Payment frequencies and methods ────────────────────────────────────────────────────────

export const FREQUENCIES = ["anual", "semestral", "trimestral", "mensual"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  anual: "Anual",
  semestral: "Semestral",
  trimestral: "Trimestral",
  mensual: "Mensual",
};
/** Recibos per year of each frequency. */
export const INSTALMENTS: Readonly<Record<Frequency, number>> = { anual: 1, semestral: 2, trimestral: 4, mensual: 12 };

export const PAYMENT_METHODS = ["card", "sepa"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: "Tarjeta", sepa: "Domiciliación SEPA" };

// ─── Statuses ───────────────────────────────────────────────────────────────────────────────

export const QUOTE_STATUSES = ["cotizada", "contratada", "caducada", "descartada"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** "cotizada" reads "Vigente" to the visitor: a quote that can still be taken out. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  cotizada: "Vigente",
  contratada: "Contratada",
  caducada: "Caducada",
  descartada: "Descartada",
};
export const QUOTE_STATUS_TONES: Record<QuoteStatus, StatusTone> = {
  cotizada: "success",
  contratada: "info",
  caducada: "warning",
  descartada: "neutral",
};

export const POLICY_STATUSES = ["pendiente_pago", "en_vigor", "suspendida", "anulada", "vencida"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  pendiente_pago: "Pendiente de pago",
  en_vigor: "En vigor",
  suspendida: "Suspendida",
  anulada: "Anulada",
  vencida: "Vencida",
};
export const POLICY_STATUS_TONES: Record<PolicyStatus, StatusTone> = {
  pendiente_pago: "warning",
  en_vigor: "success",
  suspendida: "danger",
  anulada: "neutral",
  vencida: "neutral",
};

export const RECIBO_STATUSES = ["pendiente", "remesado", "cobrado", "devuelto", "anulado", "extornado"] as const;
export type ReciboStatus = (typeof RECIBO_STATUSES)[number];
export const RECIBO_STATUS_LABELS: Record<ReciboStatus, string> = {
  pendiente: "Pendiente",
  remesado: "Remesado",
  cobrado: "Cobrado",
  devuelto: "Devuelto",
  anulado: "Anulado",
  extornado: "Extornado",
};
export const RECIBO_STATUS_TONES: Record<ReciboStatus, StatusTone> = {
  pendiente: "warning",
  remesado: "info",
  cobrado: "success",
  devuelto: "danger",
  anulado: "neutral",
  extornado: "info",
};

/** A refund owed to a customer (extorno): done through the provider, or pending a transfer staff make. */
export const REFUND_STATUSES = ["pendiente", "hecho", "rechazado"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { pendiente: "Pendiente de transferencia", hecho: "Hecho", rechazado: "Rechazado" };
export const REFUND_STATUS_TONES: Record<RefundStatus, StatusTone> = { pendiente: "warning", hecho: "success", rechazado: "danger" };
/** Why money goes back. */
export const REFUND_CAUSES = ["desistimiento", "anulacion", "extorno_recibo"] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];
export const REFUND_CAUSE_LABELS: Record<RefundCause, string> = {
  desistimiento: "Desistimiento",
  anulacion: "Anulación: prima no consumida",
  extorno_recibo: "Extorno de recibo",
};

export const PAYMENT_STATUSES = ["pendiente", "aceptado", "rechazado", "reembolsado"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pendiente: "Pendiente",
  aceptado: "Aceptado",
  rechazado: "Rechazado",
  reembolsado: "Reembolsado",
};
export const PAYMENT_STATUS_TONES: Record<PaymentStatus, StatusTone> = {
  pendiente: "warning",
  aceptado: "success",
  rechazado: "danger",
  reembolsado: "info",
};

export const RECIBO_KINDS = ["prima", "suplemento"] as const;
export type ReciboKind = (typeof RECIBO_KINDS)[number];
/** A recibo of the term's premium, or of a suplemento (guarantees added mid-term). */
export const RECIBO_KIND_LABELS: Record<ReciboKind, string> = { prima: "Prima", suplemento: "Suplemento" };

/** An e-mail of the outbox: waiting, sent, refused by the server, or cancelled by staff before it went. */
export const EMAIL_STATUSES = ["pendiente", "enviado", "fallido", "cancelado"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pendiente: "Pendiente",
  enviado: "Enviado",
  fallido: "Fallido",
  cancelado: "Cancelado",
};
export const EMAIL_STATUS_TONES: Record<EmailStatus, StatusTone> = {
  pendiente: "warning",
  enviado: "success",
  fallido: "danger",
  cancelado: "neutral",
};

/**
 * Every e-mail the product sends, by template (issue 25). The outbox row keeps which one it was;
 * the templates' texts and placeholders live with the templates service.
 */
export const EMAIL_TEMPLATES = [
  "confirmacion-poliza",
  "suplemento",
  "desistimiento",
  "no-renovacion",
  "aviso-renovacion",
  "suspension",
  "anulacion",
  "recibo-devuelto",
  "recordatorio-pago",
  "justificante-pago",
  "restablecer-contrasena",
  "contrasena-temporal",
  "llamada-solicitada",
  "siniestro-declarado",
  "siniestro-documento-pedido",
  "siniestro-mensaje",
  "prueba",
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATES)[number];
export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplateKey, string> = {
  "confirmacion-poliza": "Confirmación de la póliza",
  suplemento: "Suplemento",
  desistimiento: "Desistimiento",
  "no-renovacion": "No renovación",
  "aviso-renovacion": "Aviso de renovación",
  suspension: "Suspensión de la cobertura",
  anulacion: "Anulación",
  "recibo-devuelto": "Recibo devuelto",
  "recordatorio-pago": "Recordatorio de pago",
  "justificante-pago": "Justificante de pago",
  "restablecer-contrasena": "Restablecer la contraseña",
  "contrasena-temporal": "Contraseña temporal del personal",
  "llamada-solicitada": "Llamada solicitada",
  "siniestro-declarado": "Siniestro declarado",
  "siniestro-documento-pedido": "Documento pedido para un siniestro",
  "siniestro-mensaje": "Mensaje del tramitador de un siniestro",
  prueba: "Envío de prueba",
};

/** A version of a guarantee's price: today's, one that starts later, or one no longer applied. */
export const PRICE_STATUSES = ["vigente", "programado", "anterior"] as const;
export type PriceStatus = (typeof PRICE_STATUSES)[number];
export const PRICE_STATUS_LABELS: Record<PriceStatus, string> = { vigente: "En vigor", programado: "Programado", anterior: "Anterior" };
export const PRICE_STATUS_TONES: Record<PriceStatus, StatusTone> = { vigente: "success", programado: "info", anterior: "neutral" };

/** The stages of a sales lead (the pipeline). */
export const LEAD_STAGES = ["nuevo", "contactado", "cotizado", "negociacion", "ganado", "perdido"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  nuevo: "Nuevo",
  contactado: "Contactado",
  cotizado: "Cotizado",
  negociacion: "Negociación",
  ganado: "Ganado",
  perdido: "Perdido",
};
/** The stages a lead is still being worked in (ganado and perdido close it). */
export const OPEN_LEAD_STAGES = ["nuevo", "contactado", "cotizado", "negociacion"] as const satisfies readonly LeadStage[];

/** Where a lead came from (issue 23). */
export const LEAD_SOURCES = ["cotizacion_web", "llamada_solicitada", "manual"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  cotizacion_web: "Cotización web sin contratar",
  llamada_solicitada: "Pidió que le llamen",
  manual: "Alta manual (teléfono)",
};

/** Why a lead was lost: chosen from this list when it moves to «Perdido». */
export const LEAD_LOST_REASONS = ["precio", "competencia", "sin_respuesta", "no_interesado", "no_asegurable", "duplicado", "otro"] as const;
export type LeadLostReason = (typeof LEAD_LOST_REASONS)[number];
export const LEAD_LOST_REASON_LABELS: Record<LeadLostReason, string> = {
  precio: "Precio",
  competencia: "Se fue a la competencia",
  sin_respuesta: "No contesta",
  no_interesado: "Ya no le interesa",
  no_asegurable: "Riesgo no asegurable",
  duplicado: "Duplicado",
  otro: "Otro motivo",
};

/** When a visitor who asked to be called prefers it ("Quiero que me llamen"). */
export const CALLBACK_SLOTS = ["manana", "mediodia", "tarde"] as const;
export type CallbackSlot = (typeof CALLBACK_SLOTS)[number];
export const CALLBACK_SLOT_LABELS: Record<CallbackSlot, string> = {
  manana: "Por la mañana (9:00–13:00)",
  mediodia: "A mediodía (13:00–16:00)",
  tarde: "Por la tarde (16:00–20:00)",
};

// ─── Policy lifecycle ───────────────────────────────────────────────────────────────────────

/** Why a policy was cancelled (anulada). */
export const CANCELLATION_REASONS = ["desistimiento", "impago", "peticion_cliente", "error_emision"] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  desistimiento: "Desistimiento",
  impago: "Impago",
  peticion_cliente: "Petición del cliente",
  error_emision: "Error de emisión",
};

/** Who stopped the tacit renewal (art. 22 LCS: the customer with one month's notice, the insurer with two). */
export const RENEWAL_STOPPERS = ["cliente", "aseguradora"] as const;
export type RenewalStopper = (typeof RENEWAL_STOPPERS)[number];
export const RENEWAL_STOPPER_LABELS: Record<RenewalStopper, string> = { cliente: "El cliente", aseguradora: "La aseguradora" };

/** What an entry of a policy's history records. */
export const POLICY_EVENTS = {
  emitida: "Póliza emitida",
  activada: "Póliza en vigor",
  suspendida: "Cobertura suspendida",
  rehabilitada: "Póliza rehabilitada",
  anulada: "Póliza anulada",
  vencida: "Póliza vencida",
  renovacion_detenida: "Renovación detenida",
  aviso_renovacion: "Aviso de renovación enviado",
  aviso_cliente: "Aviso al cliente",
  renovada: "Póliza renovada",
  suplemento: "Suplemento: garantías añadidas",
  modificada: "Datos modificados",
  nota: "Nota interna",
  recibo_cobrado: "Recibo cobrado",
  recibo_remesado: "Recibo remesado",
  recibo_devuelto: "Recibo devuelto",
  recibo_anulado: "Recibo anulado",
  recibo_extornado: "Recibo extornado",
  extorno: "Extorno de prima",
} as const satisfies Record<string, string>;
export type PolicyEvent = keyof typeof POLICY_EVENTS;
export const POLICY_EVENT_CODES = Object.keys(POLICY_EVENTS) as [PolicyEvent, ...PolicyEvent[]];

// ─── Clients (the client pipeline) ──────────────────────────────────────────────────────

/** The stages of the client pipeline (the database enum client_stage has these values). */
export const CLIENT_STAGES = ["prospecto", "alta", "activo", "renovacion", "en_riesgo", "baja"] as const;
export type ClientStage = (typeof CLIENT_STAGES)[number];
export const CLIENT_STAGE_LABELS: Record<ClientStage, string> = {
  prospecto: "Prospecto",
  alta: "Alta",
  activo: "Activo",
  renovacion: "Renovación",
  en_riesgo: "En riesgo",
  baja: "Baja",
};
export const CLIENT_STAGE_TONES: Record<ClientStage, StatusTone> = {
  prospecto: "info",
  alta: "info",
  activo: "success",
  renovacion: "warning",
  en_riesgo: "danger",
  baja: "neutral",
};

/** What moved a client in the client pipeline: the events of issue 23, or a person by hand. */
export const CLIENT_STAGE_CAUSES = [
  "primera_poliza",
  "poliza_en_vigor",
  "riesgo_resuelto",
  "renovacion_proxima",
  "renovada",
  "recibo_devuelto",
  "suspension",
  "no_renovacion",
  "polizas_terminadas",
  "manual",
] as const;
export type ClientStageCause = (typeof CLIENT_STAGE_CAUSES)[number];
export const CLIENT_STAGE_CAUSE_LABELS: Record<ClientStageCause, string> = {
  primera_poliza: "Primera póliza",
  poliza_en_vigor: "Póliza en vigor",
  riesgo_resuelto: "Ya no hay nada en riesgo (recibo cobrado o póliza rehabilitada)",
  renovacion_proxima: "Renovación en menos de 60 días",
  renovada: "Póliza renovada",
  recibo_devuelto: "Recibo devuelto",
  suspension: "Cobertura suspendida",
  no_renovacion: "Aviso de no renovación",
  polizas_terminadas: "Todas sus pólizas han terminado",
  manual: "Movido a mano",
};

// ─── Consents ───────────────────────────────────────────────────────────────────────────────

/** What a person consents to at checkout: all but marketing are required to take out a policy. */
export const CONSENT_PURPOSES = ["terms", "privacy", "ipid", "marketing"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How a policy was sold and its consents given: on the web by the customer, or by phone with a staff member. */
export const SALES_CHANNELS = ["web", "telefono"] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
export const SALES_CHANNEL_LABELS: Record<SalesChannel, string> = { web: "Web", telefono: "Teléfono" };
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  terms: "Condiciones de contratación",
  privacy: "Política de privacidad",
  ipid: "Documento de información del producto (IPID)",
  marketing: "Comunicaciones comerciales",
};

// ─── Audit log ─────────────────────────────────────────────────────────────────────────

/** Every action the API records, with its Spanish label (the screen and the CSV show the label). */
export const AUDIT_ACTIONS = {
  "admin.login": "Inicio de sesión (back office)",
  "admin.login_failed": "Inicio de sesión fallido (back office)",
  "admin.logout": "Cierre de sesión (back office)",
  "admin.password_changed": "Cambio de contraseña propia",
  "admin.password_change_failed": "Cambio de contraseña propia fallido",
  "user.register": "Registro de visitante",
  "user.login": "Inicio de sesión de visitante",
  "user.login_failed": "Inicio de sesión fallido de visitante",
  "user.logout": "Cierre de sesión de visitante",
  "user.password_changed": "Cambio de contraseña de visitante",
  "user.password_change_failed": "Cambio de contraseña de visitante fallido",
  "user.password_reset_requested": "Enlace para restablecer la contraseña pedido",
  "user.password_reset": "Contraseña de visitante restablecida con enlace",
  "user.profile_updated": "Perfil de visitante modificado",
  "admin_user.created": "Usuario creado",
  "admin_user.updated": "Usuario modificado",
  "admin_user.password_reset": "Contraseña restablecida",
  "role.created": "Rol creado",
  "role.updated": "Rol modificado",
  "role.deleted": "Rol eliminado",
  "quote.created": "Cotización creada",
  "quote.claimed": "Cotización asociada a una cuenta",
  "quote.contracted": "Cotización contratada",
  "quote.expired": "Cotización caducada",
  "client.created": "Cliente creado",
  "client.updated": "Cliente modificado",
  "client.stage_changed": "Cliente movido en el embudo de clientes",
  // The back office's client screens (ADR 012).
  "client.note_added": "Nota interna añadida al cliente",
  "client.exported": "Datos del cliente exportados",
  "client.erased": "Datos del cliente anonimizados",
  "pipeline_lead.created": "Oportunidad creada",
  "pipeline_lead.updated": "Oportunidad modificada",
  "pipeline_lead.moved": "Oportunidad movida de etapa",
  "pipeline_lead.reassigned": "Oportunidad asignada a otro comercial",
  "pipeline_lead.merged": "Oportunidad unida a otra abierta de la misma persona",
  "pipeline_lead.won": "Oportunidad ganada",
  "consent.recorded": "Consentimiento registrado",
  "policy.created": "Póliza emitida",
  "policy.activated": "Póliza en vigor",
  "policy.suspended": "Póliza suspendida",
  "policy.reactivated": "Póliza rehabilitada",
  "policy.cancelled": "Póliza anulada",
  "policy.expired": "Póliza vencida",
  "policy.renewal_stopped": "Renovación detenida",
  "policy.renewal_offered": "Aviso de renovación enviado",
  "policy.renewed": "Póliza renovada",
  "policy.updated": "Póliza modificada",
  "policy.note_added": "Nota interna añadida",
  "policy.endorsed": "Suplemento: garantías añadidas",
  "recibo.charged": "Recibo cobrado",
  "recibo.returned": "Recibo devuelto",
  "recibo.paid_by_transfer": "Recibo cobrado por transferencia",
  "recibo.cancelled": "Recibo anulado",
  "recibo.refunded": "Recibo extornado",
  // Refunds owed to customers (extornos): made through the provider, or owed by transfer until staff mark them paid.
  "refund.created": "Extorno registrado",
  "refund.paid": "Extorno pagado por transferencia",
  // The bank's return files (ADR 030).
  "return_import.imported": "Fichero de devoluciones importado",
  "recibo.card_retry": "Reintento de cobro con tarjeta de una selección de recibos",
  "recibo.paid_by_customer": "Recibo pagado por el cliente",
  "lifecycle.run": "Proceso diario de pólizas",
  // SEPA remittances and the creditor (ADR 029).
  "remittance.created": "Remesa SEPA generada",
  "settings.sepa_creditor_updated": "Acreedor SEPA modificado",
  // Business settings by effective date (ADR 038).
  "setting.version_created": "Ajuste modificado (nueva versión con fecha de efecto)",
  "setting.version_withdrawn": "Cambio programado de un ajuste retirado",
  "payment.accepted": "Cobro aceptado",
  // The guarantee catalogue (ADR 016).
  "guarantee.created": "Garantía creada",
  "guarantee.updated": "Garantía modificada",
  "guarantee.price_changed": "Nuevo precio de garantía",
  "guarantee.activated": "Garantía activada",
  "guarantee.deactivated": "Garantía desactivada",
  "email.queued": "Correo en cola",
  // The outbox (ADR 039).
  "email.resent": "Correo reenviado",
  "email.cancelled": "Envío de correo cancelado",
  // Stored documents (ADR 036).
  "document.uploaded": "Documento subido",
  "document.regenerated": "Documento regenerado",
  "document.deleted": "Documento eliminado",
  // E-mail templates (ADR 040).
  "email_template.saved": "Plantilla de correo modificada",
  "email_template.reset": "Plantilla de correo devuelta al texto por defecto",
  "email_template.test_sent": "Prueba de plantilla de correo enviada",
  // Claims (siniestros, ADR 042).
  "claim.declared": "Siniestro declarado",
  "claim.assigned": "Siniestro asignado a un tramitador",
  "claim.status_changed": "Siniestro cambiado de estado",
  "claim.reserve_changed": "Reserva de siniestro modificada",
  "claim.accepted": "Siniestro aceptado",
  "claim.rejected": "Siniestro rechazado",
  "claim.paid": "Indemnización de siniestro pagada",
  "claim.message_sent": "Mensaje en un siniestro",
  "claim.document_requested": "Documento de siniestro pedido al cliente",
  "claim.file_added": "Documento añadido a un siniestro",
  "claim.expert_appointed": "Perito designado en un siniestro",
  seed: "Datos iniciales cargados",
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** What an audit row is about, with its Spanish label. */
export const AUDIT_ENTITIES = {
  admin_user: "Usuario del back office",
  user: "Visitante",
  role: "Rol",
  quote: "Cotización",
  client: "Cliente",
  policy: "Póliza",
  payment: "Cobro",
  recibo: "Recibo",
  refund: "Extorno",
  guarantee: "Garantía",
  lifecycle_run: "Proceso diario",
  remittance: "Remesa SEPA",
  setting: "Configuración",
  outbox_email: "Correo",
  email_template: "Plantilla de correo",
  document: "Documento",
  claim: "Siniestro",
  database: "Base de datos",
} as const satisfies Record<string, string>;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_CODES = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

/** Who did it. */
export const ACTOR_TYPES = { admin: "Back office", user: "Visitante", system: "Sistema", anonymous: "Anónimo" } as const;
export type ActorType = keyof typeof ACTOR_TYPES;

export const ACTOR_TYPE_CODES = Object.keys(ACTOR_TYPES) as [ActorType, ...ActorType[]];

/**
 * Every document the portfolio generates or receives (ADR 036): generated ones are stored once
 * when issued; `subido` is a file staff or a customer uploaded.
 */
export const DOCUMENT_KINDS = [
  "cotizacion",
  "ipid",
  "condiciones",
  "recibo",
  "justificante",
  "mandato",
  "remesa",
  "certificado",
  "desistimiento",
  "subido",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  cotizacion: "Cotización",
  ipid: "IPID (información del producto)",
  condiciones: "Condiciones particulares",
  recibo: "Recibo",
  justificante: "Justificante de pago",
  mandato: "Mandato SEPA",
  remesa: "Fichero de remesa SEPA",
  certificado: "Certificado de seguro",
  desistimiento: "Desistimiento",
  subido: "Documento subido",
};
