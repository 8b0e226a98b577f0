// The claim screens' zod schemas for their actions: through this .server module the browser build
// of the Mi póliza pages gets no zod (their forms load it on first use, app/components/claim/claim-validation.ts).
export { ClaimUploadFormSchema, claimStepSchema, MyClaimMessageBodySchema, type ClaimStepContext } from "./claim-steps";
export { DeclaredClaimSchema } from "../../api/contract/claim-views";
export { MyClaimDetailSchema, MyClaimDraftSchema } from "../../api/contract/my-claims";
export { MyClaimsSchema } from "../../api/contract/claim-views";
export { checkUploadedFile, formatFileSize, UPLOAD_MAX_TEXT } from "../../api/contract/uploads";
