// A customer's claims (issue 26, ADR 042): declaring one on their own policy, the draft kept while
// they go through the screens, and following their claims. Anyone else's policy or claim is the
// same 404 as one that does not exist (the IDOR test walks it).
import { z } from "@hono/zod-openapi";
import { currentUser } from "../auth";
import { CLAIM_EVENT_TYPES, CLAIM_CONTACT_TIMES } from "../contract/claim-vocabulary";
import { DeclaredClaimSchema, MyClaimSchema, MyClaimsSchema } from "../contract/claim-views";
import { claimDeclarationSchema, ClaimDraftSchema } from "../contract/claims";
import { myClaims } from "../db/claim-views.repo";
import type { ApiApp } from "../env";
import { ApiProblem, inputFieldErrors, jsonContent } from "../http";
import { readClaimDraft, saveClaimDraft } from "../services/claim-drafts";
import { CLAIM_NOT_FOUND_MESSAGE, declareClaim } from "../services/claims";
import { policyIdParam, requireOwnPolicy, userRoute } from "./user-endpoints";

const TAGS = ["Siniestros"];
const INVALID = "Revise los datos del siniestro";

/** The declaration as sent: values as typed («05/02/2027 20:30», «1.234,56»); checked against the policy's line. */
const DeclarationBodySchema = z.object({
  eventType: z.enum(CLAIM_EVENT_TYPES).optional().describe("Uno de los tipos del seguro de la póliza"),
  occurredAt: z.string().max(60).optional().describe("dd/mm/aaaa hh:mm (hora de España) o un instante ISO; no posterior a ahora"),
  place: z.string().max(300).optional(),
  description: z.string().max(4000).optional().describe("20 caracteres como mínimo"),
  amountClaimedCents: z.string().max(30).optional().describe("Euros como se escriben («1.234,56»)"),
  otherPlate: z.string().max(20).optional().describe("Colisión con otro vehículo: su matrícula"),
  otherInsurer: z.string().max(120).optional().describe("Colisión con otro vehículo: su aseguradora"),
  rentMonthsUnpaid: z.string().max(5).optional().describe("Impago de rentas: mensualidades debidas (1 a 18)"),
  contactPhone: z.string().max(30).optional(),
  contactEmail: z.string().max(254).optional(),
  contactTime: z.enum(CLAIM_CONTACT_TIMES).optional(),
});

const claimIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador numérico del siniestro" }),
});
const DraftAnswerSchema = z.object({ draft: ClaimDraftSchema.nullable() });

const declareRoute = userRoute({
  method: "post",
  path: "/me/policies/{id}/claims",
  operationId: "declareMyClaim",
  tags: TAGS,
  summary: "Declarar un siniestro de una póliza propia",
  description:
    "Se comprueba la cobertura del día en que ocurrió (en vigor, no suspendida por impago — art. 15 LCS —, una garantía que lo cubra ese día, carencia, franquicia y límite). Un siniestro que las reglas no cubren se registra igualmente y la respuesta dice por qué (covered: false y refusal). El borrador de la póliza, si lo había, se convierte en el siniestro. 404 para una póliza de otra persona.",
  request: { params: policyIdParam, body: { required: true, content: jsonContent(DeclarationBodySchema) } },
  responses: { 201: { description: "El siniestro declarado, con su número", content: jsonContent(DeclaredClaimSchema) } },
});

const draftGetRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/claims/draft",
  operationId: "getMyClaimDraft",
  tags: TAGS,
  summary: "El borrador de siniestro de una póliza propia (null si no hay)",
  request: { params: policyIdParam },
  responses: { 200: { description: "El borrador", content: jsonContent(DraftAnswerSchema) } },
});

const draftPutRoute = userRoute({
  method: "put",
  path: "/me/policies/{id}/claims/draft",
  operationId: "saveMyClaimDraft",
  tags: TAGS,
  summary: "Guardar lo escrito hasta ahora en la declaración de un siniestro",
  description: "Un borrador por póliza; cada guardado lo sustituye. Nada es obligatorio todavía.",
  request: { params: policyIdParam, body: { required: true, content: jsonContent(ClaimDraftSchema) } },
  responses: { 200: { description: "El borrador guardado", content: jsonContent(DraftAnswerSchema) } },
});

const listRoute = userRoute({
  method: "get",
  path: "/me/claims",
  operationId: "listMyClaims",
  tags: TAGS,
  summary: "Mis siniestros declarados, los más recientes primero",
  responses: { 200: { description: "Los siniestros", content: jsonContent(MyClaimsSchema) } },
});

const getRoute = userRoute({
  method: "get",
  path: "/me/claims/{id}",
  operationId: "getMyClaim",
  tags: TAGS,
  summary: "Uno de mis siniestros: su estado, y por qué no está cubierto o se ha rechazado si es el caso",
  request: { params: claimIdParam },
  responses: { 200: { description: "El siniestro", content: jsonContent(MyClaimSchema) } },
});

function parseClaimId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
  return Number(value);
}

export function registerMyClaimRoutes(api: ApiApp) {
  api.openapi(declareRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    const at = now();
    const parsed = claimDeclarationSchema(policy.line, at).safeParse(c.req.valid("json"));
    if (!parsed.success) throw new ApiProblem(400, INVALID, inputFieldErrors(parsed.error));
    const actor = { actorType: "user" as const, actorId: user.id, actorLabel: user.email };
    const { claim, cover } = await declareClaim(db, { policyId: policy.id, userId: user.id, declaration: parsed.data }, actor, at);
    const [mine] = await myClaims(db, user.id, { id: claim.id });
    return c.json({ claim: mine!, covered: cover.covered }, 201);
  });

  api.openapi(draftGetRoute, async (c) => {
    const { db } = c.var.deps;
    const policy = await requireOwnPolicy(db, currentUser(c).id, c.req.valid("param").id);
    return c.json({ draft: await readClaimDraft(db, policy.id) }, 200);
  });

  api.openapi(draftPutRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    return c.json({ draft: await saveClaimDraft(db, policy, user.id, c.req.valid("json"), now()) }, 200);
  });

  api.openapi(listRoute, async (c) => c.json({ items: await myClaims(c.var.deps.readDb, currentUser(c).id) }, 200));

  api.openapi(getRoute, async (c) => {
    const [claim] = await myClaims(c.var.deps.readDb, currentUser(c).id, { id: parseClaimId(c.req.valid("param").id) });
    if (!claim) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
    return c.json(claim, 200);
  });
}
