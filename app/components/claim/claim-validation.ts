// The claim forms' validators: zod and the steps' schemas, loaded by each form on its first use (a
// dynamic import, its own chunk), so that the Mi póliza pages carry no zod. The actions check with
// the same schemas (~/lib/claim-steps.server).
import { parseWithZod } from "@conform-to/zod";
import { ClaimUploadFormSchema, claimStepSchema, MyClaimMessageBodySchema, type ClaimStepContext } from "~/lib/claim-steps";
import type { ClaimStep } from "~/lib/claim-step-names";

export function validateStep(step: Exclude<ClaimStep, "documentos" | "resumen">, ctx: ClaimStepContext, formData: FormData) {
  return parseWithZod(formData, { schema: claimStepSchema(step, ctx) });
}

export function validateUpload(formData: FormData) {
  return parseWithZod(formData, { schema: ClaimUploadFormSchema });
}

export function validateMessage(formData: FormData) {
  return parseWithZod(formData, { schema: MyClaimMessageBodySchema });
}
