// What the customer's claim screens exchange with the API beyond the declaration (issue 26, ADR 042):
// the draft with its files and the dates the declaration's steps check against, one claim with its
// thread, and the fields of an upload (multipart: a file, what it is, the request it answers).
// Shared with app/ (customers read "usted").
import { z } from "zod";
import { ClaimThreadSchema, MyClaimSchema } from "./claim-views";
import { CLAIM_DOCUMENT_KINDS } from "./claim-vocabulary";
import { ClaimDraftSchema, CLAIM_MESSAGES, occurredAtSchema } from "./claims";
import { formatDate } from "./format";
import { madridDate } from "../domain/calendar";
import { CONTROL_CHARACTER_MESSAGE, emptyToUndefined, hasForbiddenControl } from "./text";

export const MY_CLAIM_MESSAGES = {
  kind: "Indique qué documento es",
  request: "Ese documento no se le ha pedido en este siniestro",
  body: "Escriba su mensaje",
  bodyMax: "El mensaje no puede pasar de 4.000 caracteres",
} as const;

/** The customer's message to the handler (the staff's ClaimMessageBodySchema, worded with "usted"). */
export const MyClaimMessageBodySchema = z.object({
  body: z
    .string({ required_error: MY_CLAIM_MESSAGES.body, invalid_type_error: MY_CLAIM_MESSAGES.body })
    .trim()
    .min(1, MY_CLAIM_MESSAGES.body)
    .max(4000, MY_CLAIM_MESSAGES.bodyMax),
});

/** A file of the draft as the screens list it. */
export const ClaimDraftFileSchema = ClaimThreadSchema.shape.files.element.pick({
  id: true,
  kind: true,
  filename: true,
  contentType: true,
  sizeBytes: true,
  at: true,
});
export type ClaimDraftFile = z.infer<typeof ClaimDraftFileSchema>;

/** The policy's open draft (GET /me/policies/{id}/claims/draft): what was typed, the files, and the API's dates for the steps' checks. */
export const MyClaimDraftSchema = z.object({
  draft: ClaimDraftSchema.nullable(),
  files: z.array(ClaimDraftFileSchema).describe("Fotos y documentos subidos mientras declara (pasan al siniestro al declararlo)"),
  coverSince: z.string().describe("Primer día de cobertura de la póliza (aaaa-mm-dd, hora de España): lo ocurrido antes no está cubierto"),
  now: z.string().datetime().describe("Este momento según la API: la fecha del siniestro no puede ser posterior"),
});
export type MyClaimDraft = z.infer<typeof MyClaimDraftSchema>;

/** One of the customer's claims with what they share with the handler (GET /me/claims/{id}). */
export const MyClaimDetailSchema = MyClaimSchema.extend({ thread: ClaimThreadSchema });
export type MyClaimDetail = z.infer<typeof MyClaimDetailSchema>;

/** A multipart field is not JSON: the API's control-character check of JSON bodies (ADR 021) does not see it. */
const noControl = (field: string) => z.string().refine((v) => !hasForbiddenControl(v, field), CONTROL_CHARACTER_MESSAGE);

/** The text fields of an upload to a claim or its draft (the file is checked by content on its own). */
export const ClaimFileFieldsSchema = z.object({
  kind: z.preprocess(
    emptyToUndefined,
    z
      .string({ required_error: MY_CLAIM_MESSAGES.kind, invalid_type_error: MY_CLAIM_MESSAGES.kind })
      .refine((v) => !hasForbiddenControl(v, "kind"), CONTROL_CHARACTER_MESSAGE)
      .pipe(z.enum(CLAIM_DOCUMENT_KINDS, { errorMap: () => ({ message: MY_CLAIM_MESSAGES.kind }) })),
  ),
  requestId: z.preprocess(
    emptyToUndefined,
    noControl("requestId")
      .pipe(z.coerce.number({ message: MY_CLAIM_MESSAGES.request }).int(MY_CLAIM_MESSAGES.request).positive(MY_CLAIM_MESSAGES.request))
      .optional(),
  ),
});

export const beforeCoverMessage = (coverSince: string) => `Su póliza empezó el ${formatDate(coverSince)}: no cubre lo ocurrido antes`;

/**
 * When it happened, as the declaration's step «cuándo» checks it: the declaration's rule (dd/mm/aaaa
 * hh:mm, not after `now`), one message at a time, and not before the policy's first day of cover
 * (`coverSince`, aaaa-mm-dd). The API registers such a claim and its rules refuse it; the screens
 * tell the customer at once.
 */
export function occurredOnPolicySchema(now: Date, coverSince: string) {
  const occurredAt = occurredAtSchema(now);
  return z.any().superRefine((value, issue) => {
    const parsed = occurredAt.safeParse(value);
    if (!parsed.success) {
      issue.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? CLAIM_MESSAGES.occurredAt });
      return;
    }
    if (madridDate(new Date(parsed.data)) < coverSince) issue.addIssue({ code: "custom", message: beforeCoverMessage(coverSince) });
  });
}
