// What the API answers about claims (issue 26, ADR 042): the staff's list (the list kit, ADR 010)
// and detail, and the customer's own claims. The writes' bodies are in ./claims.ts. Shared with app/.
import { z } from "zod";
import { CLAIM_CONTACT_TIMES, CLAIM_DOCUMENT_KINDS, CLAIM_EVENT_TYPES, CLAIM_MESSAGE_AUTHORS, CLAIM_STATUSES } from "./claim-vocabulary";
import { ClaimCoverResultSchema, ClaimFraudSignalSchema } from "./claims";
import { listQuerySchemas, paginated } from "./list-query";
import { emptyToUndefined } from "./text";
import { LINES } from "./vocabulary";

export const CLAIM_LIST_MESSAGES = {
  status: "Elige un estado de la lista",
  line: "Elige un seguro de la lista",
  handler: "Elige un tramitador de la lista",
  age: "Escribe los días como un número entero (0 a 3.650)",
  amount: "Escribe el importe en euros (por ejemplo, 500)",
} as const;
const M = CLAIM_LIST_MESSAGES;

export const CLAIM_SORT_KEYS = ["declaredAt", "reserve", "occurredAt"] as const;
export type ClaimSortKey = (typeof CLAIM_SORT_KEYS)[number];

export const CLAIM_LIST_FILTERS = {
  status: z.preprocess(emptyToUndefined, z.enum(CLAIM_STATUSES, { errorMap: () => ({ message: M.status }) }).optional()),
  line: z.preprocess(emptyToUndefined, z.enum(LINES, { errorMap: () => ({ message: M.line }) }).optional()),
  handler: z
    .preprocess(
      emptyToUndefined,
      z.union([z.literal("me"), z.literal("none"), z.coerce.number().int().positive()], { errorMap: () => ({ message: M.handler }) }).optional(),
    )
    .describe("me: los del tramitador que pregunta; none: sin tramitador; o el id de un tramitador"),
  minAgeDays: z
    .preprocess(emptyToUndefined, z.coerce.number({ message: M.age }).int(M.age).min(0, M.age).max(3650, M.age).optional())
    .describe("Declarados hace al menos estos días"),
  minReserveEuros: z
    .preprocess(emptyToUndefined, z.coerce.number({ message: M.amount }).int(M.amount).min(0, M.amount).max(10_000_000, M.amount).optional())
    .describe("Reserva (lo que se espera pagar) de al menos estos euros"),
  q: z
    .preprocess(emptyToUndefined, z.string().trim().max(100, "La búsqueda es demasiado larga").optional())
    .describe("El número del siniestro (SIN-…) o de la póliza, o parte del nombre del tomador"),
};

const claimQueries = listQuerySchemas({ sort: CLAIM_SORT_KEYS, defaultSort: "declaredAt", defaultDir: "desc", filters: CLAIM_LIST_FILTERS });
export const ClaimListQuerySchema = claimQueries.list;
export const ClaimExportQuerySchema = claimQueries.export;
export type ClaimListQuery = z.infer<typeof ClaimListQuerySchema>;
export type ClaimExportQuery = z.infer<typeof ClaimExportQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

/** What every view of a declared claim shows: staff's row and detail, the customer's own. */
const ClaimBaseSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  line: z.enum(LINES),
  eventType: z.enum(CLAIM_EVENT_TYPES),
  status: z.enum(CLAIM_STATUSES),
  occurredAt: z.string(),
  declaredAt: z.string(),
});

export const ClaimRowSchema = ClaimBaseSchema.extend({
  reserveCents: z.number().int(),
  /** Whether the cover rules found it covered when it was declared (false: some line failed). */
  covered: z.boolean(),
  signals: z.number().int().describe("Cuántas señales de fraude tiene (solo señales: decide el tramitador)"),
  handler: person.nullable(),
  holder: z.string(),
  policy: z.object({ id: z.number().int(), number: z.string() }),
});
export type ClaimRow = z.infer<typeof ClaimRowSchema>;
export const ClaimListSchema = paginated(ClaimRowSchema);
export type ClaimList = z.infer<typeof ClaimListSchema>;

const historyEntry = z.object({
  at: z.string(),
  event: z.string(),
  summary: z.string(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
});

/** One claim for staff: everything the handler works with. */
export const ClaimDetailSchema = ClaimRowSchema.extend({
  place: z.string().nullable(),
  description: z.string(),
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable(), time: z.enum(CLAIM_CONTACT_TIMES).nullable() }),
  otherPlate: z.string().nullable(),
  otherInsurer: z.string().nullable(),
  rentMonthsUnpaid: z.number().int().nullable(),
  claimedCents: z.number().int().nullable(),
  accepted: z
    .object({
      acceptedCents: z.number().int(),
      deductibleCents: z.number().int(),
      limitCents: z.number().int().nullable(),
      payableCents: z.number().int(),
    })
    .nullable(),
  rejectionReason: z.string().nullable(),
  coverAtDeclaration: ClaimCoverResultSchema.nullable(),
  coverAtAcceptance: ClaimCoverResultSchema.nullable(),
  fraudSignals: z.array(ClaimFraudSignalSchema),
  payment: z
    .object({
      ibanMasked: z.string(),
      paidCents: z.number().int(),
      reference: z.string().nullable(),
      paidAt: z.string(),
      paidBy: z.string().nullable(),
    })
    .nullable(),
  history: z.array(historyEntry),
  reserveChanges: z.array(
    z.object({ at: z.string(), fromCents: z.number().int(), toCents: z.number().int(), reason: z.string(), actor: z.string().nullable() }),
  ),
  can: z.object({ write: z.boolean(), pay: z.boolean() }).describe("Lo que quien pregunta puede hacer con él"),
});
export type ClaimDetail = z.infer<typeof ClaimDetailSchema>;

/** A customer's own claim (Mi póliza): its state in their words, never the staff's notes or the fraud signals. */
export const MyClaimSchema = ClaimBaseSchema.extend({
  policy: z.object({ id: z.number().int(), number: z.string() }),
  place: z.string().nullable(),
  description: z.string(),
  /** Why the claim is not covered, in plain words (the rules' sentences), when they refuse it. */
  refusal: z.array(z.object({ text: z.string(), article: z.string().nullable() })),
  rejectionReason: z.string().nullable(),
  payableCents: z.number().int().nullable(),
  paid: z.object({ cents: z.number().int(), ibanMasked: z.string(), at: z.string() }).nullable(),
});
export type MyClaim = z.infer<typeof MyClaimSchema>;
export const MyClaimsSchema = z.object({ items: z.array(MyClaimSchema) });

/** The answer to a declaration: the claim's number and what the rules said, for the confirmation screen. */
export const DeclaredClaimSchema = z.object({ claim: MyClaimSchema, covered: z.boolean() });

/**
 * What the customer and the handler share on a claim: the messages, the documents asked for and
 * the files (ADR 042). The same for both sides; the staff's history and notes are not in it.
 */
export const ClaimThreadSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      author: z.enum(CLAIM_MESSAGE_AUTHORS),
      /** The handler's name, or null for the customer. */
      authorName: z.string().nullable(),
      body: z.string(),
      at: z.string(),
      /** When the other side read it. */
      readAt: z.string().nullable(),
    }),
  ),
  requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(CLAIM_DOCUMENT_KINDS),
      note: z.string().nullable(),
      requestedAt: z.string(),
      fulfilledAt: z.string().nullable(),
    }),
  ),
  files: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(CLAIM_DOCUMENT_KINDS),
      documentId: z.string(),
      filename: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int(),
      at: z.string(),
      uploadedBy: z.enum(CLAIM_MESSAGE_AUTHORS),
      requestId: z.number().int().nullable(),
    }),
  ),
});
export type ClaimThread = z.infer<typeof ClaimThreadSchema>;
