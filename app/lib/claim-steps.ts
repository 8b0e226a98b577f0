// The checks of each step of declaring a claim (issue 26, ADR 042), built from the pieces of the
// declaration's own schema (claimDeclarationSchema): one set of rules, which the API applies again
// to the whole declaration. The step «cuándo» also refuses a date before the policy's cover began
// (the API registers such a claim and its rules refuse it; here the customer is told at once).
// Zod: actions get it through ~/lib/claim-steps.server, the browser on a form's first use.
import { z } from "zod";
import { claimDeclarationSchema, CLAIM_MESSAGES } from "../../api/contract/claims";
import type { ClaimEventType } from "../../api/contract/claim-vocabulary";
import { CLAIM_DOCUMENT_KINDS } from "../../api/contract/claim-vocabulary";
import { MY_CLAIM_MESSAGES, MyClaimMessageBodySchema, occurredOnPolicySchema } from "../../api/contract/my-claims";
import { UploadFormSchema } from "../../api/contract/uploads";
import type { Line } from "../../api/contract/vocabulary";
import type { ClaimStep } from "./claim-step-names";

/** What a step's checks depend on: the policy's line, the API's now, the first day of cover, the type declared. */
export type ClaimStepContext = { line: Line; now: string; coverSince: string; eventType?: ClaimEventType | null };

function declarationShape(ctx: ClaimStepContext) {
  return claimDeclarationSchema(ctx.line, new Date(ctx.now)).innerType().shape;
}

/** The form fields of each step (the amount is typed in euros; the draft keeps it as `amountClaimed`). */
export function claimStepSchema(step: Exclude<ClaimStep, "documentos" | "resumen">, ctx: ClaimStepContext) {
  const shape = declarationShape(ctx);
  switch (step) {
    case "que":
      return z.object({ eventType: shape.eventType });
    case "cuando":
      return z.object({ occurredAt: occurredOnPolicySchema(new Date(ctx.now), ctx.coverSince) });
    case "donde":
      return z.object({ place: shape.place });
    case "descripcion":
      return z
        .object({
          description: shape.description,
          amountClaimedCents: shape.amountClaimedCents,
          otherPlate: shape.otherPlate,
          otherInsurer: shape.otherInsurer,
          rentMonthsUnpaid: shape.rentMonthsUnpaid,
        })
        .superRefine((d, issue) => {
          // The declaration's own rule for the details a type needs (claimDeclarationSchema's superRefine).
          if (ctx.eventType === "auto_colision") {
            if (!d.otherPlate) issue.addIssue({ code: "custom", path: ["otherPlate"], message: CLAIM_MESSAGES.otherPlate });
            if (!d.otherInsurer) issue.addIssue({ code: "custom", path: ["otherInsurer"], message: CLAIM_MESSAGES.otherInsurer });
          }
          if (ctx.eventType === "alquiler_impago" && d.rentMonthsUnpaid === undefined) {
            issue.addIssue({ code: "custom", path: ["rentMonthsUnpaid"], message: CLAIM_MESSAGES.rentMonths });
          }
        });
    case "contacto":
      return z.object({ contactPhone: shape.contactPhone, contactEmail: shape.contactEmail, contactTime: shape.contactTime });
  }
}

/** A photo or document for a claim or its draft: what it is, and the file (its size here; its type by content on the server). */
export const ClaimUploadFormSchema = z.object({
  kind: z.enum(CLAIM_DOCUMENT_KINDS, { errorMap: () => ({ message: MY_CLAIM_MESSAGES.kind }) }),
  file: UploadFormSchema.shape.file,
  requestId: z.coerce.number().int().positive().optional(),
});

export { MyClaimMessageBodySchema };
