// Claims over HTTP (issue 26, ADR 042): a customer declares a claim on their own policy (bad input
// answered in Spanish per field; a date before the policy is registered but refused by the rules,
// with the reason in their words), keeps a draft, follows their claims; nobody else can read or
// declare on them (404, as for what does not exist); staff find it in the list, and handling and
// paying are separate permissions; the customer sees the payment with the IBAN masked.
import { describe, expect, it } from "vitest";
import type { ClaimDetail, ClaimList, MyClaim } from "../../api/contract/claim-views";
import { addDays } from "../../api/domain/calendar";
import { nifCheckLetter } from "../../api/domain/nif";
import { adminWith, FORBIDDEN, json, login, PASSWORD, setUpAdminApi, unique } from "../support/admin-api";
import { checkoutBody } from "../support/checkout";
import { HOGAR } from "../support/quote-inputs";

const START = new Date("2026-05-04T09:00:00Z");
let clock = START;
setUpAdminApi({ now: () => clock });

let nifs = 0;
const nextNif = () => {
  const digits = String(63_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};

/** A visitor with a home policy bought today; its id and start date. */
async function customerWithPolicy() {
  const email = `${unique("asegurada")}@example.com`;
  const { token } = await json<{ token: string }>("post", "/auth/register", { body: { name: "Elena Ruiz", email, password: PASSWORD }, status: 201 });
  const quote = await json<{ id: string }>("post", "/quotes", { token, body: { line: "hogar", inputs: HOGAR }, status: 201 });
  const policy = await json<{ id: number }>("post", `/quotes/${quote.id}/checkout`, {
    token,
    body: checkoutBody(nextNif(), { plan: "basico" }, "hogar"),
    status: 201,
  });
  const mine = await json<{ startDate: string }>("get", `/me/policies/${policy.id}`, { token, status: 200 });
  return { token, email, policyId: policy.id, startDate: mine.startDate };
}

/** The customer signed in again at the clock's time (a token signed weeks earlier has expired). */
async function signIn(email: string): Promise<string> {
  return (await json<{ token: string }>("post", "/auth/login", { body: { email, password: PASSWORD }, status: 200 })).token;
}
/** Moves the clock to 09:00 UTC of `isoDay`; the customer's fresh token. */
async function dayOf(isoDay: string, email: string): Promise<string> {
  clock = new Date(`${isoDay}T09:00:00Z`);
  return signIn(email);
}

const typed = (isoDay: string, time: string) => `${isoDay.split("-").reverse().join("/")} ${time}`;
const water = (occurredAt: string) => ({
  eventType: "hogar_agua",
  occurredAt,
  place: "Calle de la Paz 3, Valencia",
  description: "Se rompió el latiguillo del lavabo y el agua mojó el parqué del baño y del pasillo.",
  amountClaimedCents: "1.000,00",
  contactPhone: "600 123 456",
});

describe("declarar un siniestro por la API", () => {
  it("los datos que faltan, en español y por campo; un tipo de otro seguro, rechazado; sin nada perdido en la base", async () => {
    const c = await customerWithPolicy();
    const refused = await json<{ error: string; fieldErrors: Record<string, string[]> }>("post", `/me/policies/${c.policyId}/claims`, {
      token: c.token,
      body: { description: "corta" },
      status: 400,
    });
    expect(refused.fieldErrors).toMatchObject({
      eventType: ["Indique qué ha pasado"],
      place: [expect.stringContaining("Indique dónde ocurrió")],
      description: ["Describa qué ocurrió, con al menos 20 caracteres"],
      contactPhone: [expect.stringContaining("Introduzca un teléfono válido")],
    });
    const wrongLine = await json<{ fieldErrors: Record<string, string[]> }>("post", `/me/policies/${c.policyId}/claims`, {
      token: c.token,
      body: { ...water(typed(c.startDate, "10:00")), eventType: "auto_lunas" },
      status: 400,
    });
    expect(wrongLine.fieldErrors.eventType).toEqual(["Indique qué ha pasado"]);
    expect((await json<{ items: MyClaim[] }>("get", "/me/claims", { token: c.token, status: 200 })).items).toEqual([]);
  });

  it("un borrador se guarda y vuelve; al declarar se convierte en el siniestro, cubierto, con su número; antes de la póliza: registrado y rechazado por las reglas", async () => {
    const c = await customerWithPolicy();
    const path = `/me/policies/${c.policyId}/claims/draft`;
    expect(await json("get", path, { token: c.token, status: 200 })).toMatchObject({ draft: null, files: [], coverSince: c.startDate });
    await json("put", path, { token: c.token, body: { eventType: "hogar_agua", place: "Calle de la Paz 3" }, status: 200 });
    expect(await json("get", path, { token: c.token, status: 200 })).toMatchObject({
      draft: { eventType: "hogar_agua", place: "Calle de la Paz 3" },
    });

    c.token = await dayOf(addDays(c.startDate, 40), c.email);
    const declared = await json<{ claim: MyClaim; covered: boolean }>("post", `/me/policies/${c.policyId}/claims`, {
      token: c.token,
      body: water(typed(addDays(c.startDate, 39), "20:30")),
      status: 201,
    });
    expect(declared.covered).toBe(true);
    expect(declared.claim).toMatchObject({ status: "abierto", eventType: "hogar_agua", policy: { id: c.policyId }, refusal: [], paid: null });
    expect(declared.claim.number).toMatch(/^SIN-2026-\d{6}$/);
    expect(await json("get", path, { token: c.token, status: 200 })).toMatchObject({ draft: null, files: [] });

    const early = await json<{ claim: MyClaim; covered: boolean }>("post", `/me/policies/${c.policyId}/claims`, {
      token: c.token,
      body: water(typed(addDays(c.startDate, -3), "08:00")),
      status: 201,
    });
    expect(early.covered).toBe(false);
    expect(early.claim.refusal.length).toBeGreaterThan(0);
    const mine = await json<{ items: MyClaim[] }>("get", "/me/claims", { token: c.token, status: 200 });
    expect(mine.items.map((i) => i.number)).toEqual([early.claim.number, declared.claim.number]);
  });
});

describe("nadie más ve ni declara en ellos", () => {
  it("otro cliente: 404 en su siniestro, en su póliza y en su borrador, como si no existieran", async () => {
    const owner = await customerWithPolicy();
    const other = await customerWithPolicy();
    owner.token = await dayOf(addDays(owner.startDate, 10), owner.email);
    other.token = await signIn(other.email);
    const { claim } = await json<{ claim: MyClaim }>("post", `/me/policies/${owner.policyId}/claims`, {
      token: owner.token,
      body: water(typed(addDays(owner.startDate, 9), "12:00")),
      status: 201,
    });
    const notFound = { error: "Siniestro no encontrado" };
    expect(await json("get", `/me/claims/${claim.id}`, { token: other.token, status: 404 })).toEqual(notFound);
    expect(await json("get", `/me/claims/999999`, { token: owner.token, status: 404 })).toEqual(notFound);
    await json("post", `/me/policies/${owner.policyId}/claims`, { token: other.token, body: water(typed(owner.startDate, "12:00")), status: 404 });
    await json("get", `/me/policies/${owner.policyId}/claims/draft`, { token: other.token, status: 404 });
    await json("put", `/me/policies/${owner.policyId}/claims/draft`, { token: other.token, body: { place: "x" }, status: 404 });
    expect((await json<{ items: MyClaim[] }>("get", "/me/claims", { token: other.token, status: 200 })).items).toEqual([]);
  });
});

describe("el personal: buscar, tramitar y pagar", () => {
  it("la lista lo encuentra por su número; tramitar no basta para pagar (403); con claims:pay se paga y el cliente lo ve con el IBAN oculto", async () => {
    // Staff made while the setup's superadmin token is valid, signed in again on the day of the claim.
    clock = START;
    const handler = await adminWith({ "claims:read": true, "claims:write": true });
    const payer = await adminWith({ "claims:read": true, "claims:pay": true });
    const c = await customerWithPolicy();
    c.token = await dayOf(addDays(c.startDate, 20), c.email);
    handler.token = await login(handler.user.email);
    payer.token = await login(payer.user.email);
    const { claim } = await json<{ claim: MyClaim }>("post", `/me/policies/${c.policyId}/claims`, {
      token: c.token,
      body: water(typed(addDays(c.startDate, 19), "18:00")),
      status: 201,
    });
    const list = await json<ClaimList>("get", `/admin/claims?q=${claim.number}`, { token: handler.token, status: 200 });
    expect(list.items.map((i) => i.number)).toEqual([claim.number]);
    expect(list.items[0]).toMatchObject({ status: "abierto", covered: true, holder: "Lucía Martín Sanz", handler: null });

    const at = `/admin/claims/${claim.id}`;
    const detail = await json<ClaimDetail>("get", at, { token: handler.token, status: 200 });
    expect(detail.can).toEqual({ write: true, pay: false });
    expect(detail.coverAtDeclaration?.lines.map((l) => l.check)).toContain("suspension");
    await json("post", `${at}/assign`, { token: handler.token, body: { handlerId: handler.user.id }, status: 200 });
    expect((await json<ClaimList>("get", "/admin/claims?handler=me", { token: handler.token, status: 200 })).items.map((i) => i.id)).toEqual([
      claim.id,
    ]);
    await json("post", `${at}/accept`, { token: handler.token, body: { acceptedCents: "900" }, status: 409 }); // not seen yet
    await json("post", `${at}/status`, { token: handler.token, body: { status: "en_revision" }, status: 200 });
    const accepted = await json<ClaimDetail>("post", `${at}/accept`, { token: handler.token, body: { acceptedCents: "900" }, status: 200 });
    expect(accepted.accepted?.payableCents).toBe(90_000 - accepted.accepted!.deductibleCents);
    const iban = "ES91 2100 0418 4502 0005 1332";
    expect(await json("post", `${at}/pay`, { token: handler.token, body: { iban }, status: 403 })).toEqual(FORBIDDEN);

    const paid = await json<ClaimDetail>("post", `${at}/pay`, { token: payer.token, body: { iban }, status: 200 });
    expect(paid).toMatchObject({ status: "pagado", can: { write: false, pay: true }, payment: { paidCents: accepted.accepted!.payableCents } });
    expect(paid.payment!.ibanMasked).not.toContain("0418");
    const seen = await json<MyClaim>("get", `/me/claims/${claim.id}`, { token: c.token, status: 200 });
    expect(seen).toMatchObject({ status: "pagado", paid: { cents: accepted.accepted!.payableCents } });
    expect(JSON.stringify(seen)).not.toContain("0418");
    expect(JSON.stringify(seen)).not.toContain("fraud");
  });
});
