// What the staff's claim page reads and writes beyond ./claim-views.ts and ./claims.ts (issue 26,
// ADR 042): one claim as the handler opens it — with the thread shared with the customer and the
// perito appointed — and the bodies of appointing a perito and of a file the handler adds. Shared with app/.
import { z } from "zod";
import { CLAIM_DOCUMENT_KINDS } from "./claim-vocabulary";
import { ClaimDetailSchema, ClaimThreadSchema } from "./claim-views";
import { isValidPhone, normalizePhone } from "../domain/phone";

export const CLAIM_EXPERT_MESSAGES = {
  name: "Escribe el nombre del perito o de su gabinete",
  phone: "Escribe un teléfono válido (por ejemplo, 600 123 456)",
  email: "Escribe un correo electrónico válido",
  contact: "Escribe un teléfono o un correo electrónico del perito",
  note: "Máximo 2.000 caracteres",
  kind: "Elige el tipo de documento",
} as const;
const M = CLAIM_EXPERT_MESSAGES;

// For the staff's page: the payable preview of an amount as typed, and the IBAN masked in the payment's confirmation.
export { parseEurosToCents } from "../domain/money";
export { maskIban } from "../domain/iban";

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value === null ? undefined : value);

/** The perito (expert) appointed to assess the damage: a name and a way to reach them (a phone or an e-mail), and a note. */
export const AppointClaimExpertBodySchema = z
  .object({
    name: z.string({ required_error: M.name, invalid_type_error: M.name }).trim().min(3, M.name).max(120, M.name),
    phone: z.preprocess(
      emptyToUndefined,
      z.string({ invalid_type_error: M.phone }).trim().max(30, M.phone).refine(isValidPhone, M.phone).transform(normalizePhone).optional(),
    ),
    email: z.preprocess(emptyToUndefined, z.string({ invalid_type_error: M.email }).trim().max(254, M.email).email(M.email).optional()),
    note: z.preprocess(emptyToUndefined, z.string().trim().max(2000, M.note).optional()),
  })
  .superRefine((body, ctx) => {
    if (!body.phone && !body.email) ctx.addIssue({ code: "custom", path: ["phone"], message: M.contact });
  });
export type AppointClaimExpertBody = z.infer<typeof AppointClaimExpertBodySchema>;

/** The kind of a file the handler adds (the perito's report is `informe_pericial`). */
export const ClaimFileKindSchema = z.enum(CLAIM_DOCUMENT_KINDS, { errorMap: () => ({ message: M.kind }) });

export const ClaimExpertSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  note: z.string().nullable(),
  appointedAt: z.string(),
  appointedBy: z.string().nullable(),
});
export type ClaimExpert = z.infer<typeof ClaimExpertSchema>;

/** One claim as the handler opens it: the detail, the thread shared with the customer, the perito appointed (the latest). */
export const AdminClaimSchema = ClaimDetailSchema.extend({ thread: ClaimThreadSchema, expert: ClaimExpertSchema.nullable() });
export type AdminClaim = z.infer<typeof AdminClaimSchema>;

/** Who may handle claims (claims:write, active), by name: the handler filter and the assign form. */
export const ClaimHandlersSchema = z.object({ handlers: z.array(z.object({ id: z.number().int(), name: z.string() })) });
