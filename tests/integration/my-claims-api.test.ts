// The customer's claim screens over HTTP (issue 26, ADR 042): photos added to the draft (multipart,
// checked by content) and taken back, the draft answering its files and the dates its steps check
// against; the claim answering its thread (opening it reads the handler's messages); a message;
// a document the handler asked for answered by an upload; a file downloaded byte for byte. Anyone
// else's policy, claim or file is the same 404 as a missing one.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MyClaim } from "../../api/contract/claim-views";
import type { MyClaimDetail, MyClaimDraft } from "../../api/contract/my-claims";
import { addDays } from "../../api/domain/calendar";
import { nifCheckLetter } from "../../api/domain/nif";
import { documents } from "../../api/db/schema";
import { postClaimMessage, requestClaimDocument } from "../../api/services/claim-thread";
import { DOCUMENT_UPLOAD_BODY_BYTES } from "../../server/app";
import { call, database, json, PASSWORD, seededAdminId, setUpAdminApi, unique } from "../support/admin-api";
import { checkoutBody } from "../support/checkout";
import { HOGAR } from "../support/quote-inputs";

const START = new Date("2026-05-04T09:00:00Z");
let clock = START;
setUpAdminApi({ now: () => clock });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 7]);
const PDF = "%PDF-1.4\n%denuncia sellada\n";
const staff = () => ({ actorType: "admin" as const, actorId: seededAdminId, actorLabel: "admin@cotiza.test" });

let nifs = 0;
const nextNif = () => {
  const digits = String(64_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};

/** A visitor with a home policy bought on the clock's day; its id and start date. */
async function customerWithPolicy() {
  const email = `${unique("declarante")}@example.com`;
  const { token } = await json<{ token: string }>("post", "/auth/register", { body: { name: "Rosa Vidal", email, password: PASSWORD }, status: 201 });
  const quote = await json<{ id: string }>("post", "/quotes", { token, body: { line: "hogar", inputs: HOGAR }, status: 201 });
  const policy = await json<{ id: number }>("post", `/quotes/${quote.id}/checkout`, {
    token,
    body: checkoutBody(nextNif(), { plan: "basico" }, "hogar"),
    status: 201,
  });
  const mine = await json<{ startDate: string }>("get", `/me/policies/${policy.id}`, { token, status: 200 });
  return { token, email, policyId: policy.id, startDate: mine.startDate };
}

const signIn = async (email: string) =>
  (await json<{ token: string }>("post", "/auth/login", { body: { email, password: PASSWORD }, status: 200 })).token;

function upload(kind: string | null, file: { name: string; content: Uint8Array | string } | null, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  if (kind !== null) form.set("kind", kind);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  if (file) form.set("file", new File([file.content as BlobPart], file.name));
  return form;
}

const typed = (isoDay: string, time: string) => `${isoDay.split("-").reverse().join("/")} ${time}`;

/** The owner's policy 20 days in, with a photo on its draft, declared; the other customer. */
async function declaredWithPhoto() {
  clock = START;
  const owner = await customerWithPolicy();
  const other = await customerWithPolicy();
  clock = new Date(`${addDays(owner.startDate, 20)}T09:00:00Z`);
  owner.token = await signIn(owner.email);
  other.token = await signIn(other.email);
  const photo = await json<{ id: number }>("post", `/me/policies/${owner.policyId}/claims/draft/files`, {
    token: owner.token,
    body: upload("foto", { name: "baño.png", content: PNG }),
    status: 201,
  });
  const { claim } = await json<{ claim: MyClaim }>("post", `/me/policies/${owner.policyId}/claims`, {
    token: owner.token,
    body: {
      eventType: "hogar_agua",
      occurredAt: typed(addDays(owner.startDate, 19), "21:15"),
      place: "Calle del Turia 8, Valencia",
      description: "Una fuga en la tubería del baño ha mojado el techo del vecino de abajo.",
      contactPhone: "600 111 222",
    },
    status: 201,
  });
  return { owner, other, claim, photoId: photo.id };
}

describe("el borrador con sus ficheros", () => {
  it("sube una foto (el nombre se limpia, el tipo por el contenido), la lista y la quita; el borrador trae el inicio de la cobertura y la hora de la API", async () => {
    clock = START;
    const c = await customerWithPolicy();
    const draftPath = `/me/policies/${c.policyId}/claims/draft`;
    const added = await json<{ id: number; filename: string; contentType: string; kind: string }>("post", `${draftPath}/files`, {
      token: c.token,
      body: upload("foto", { name: "salón mojado.jpg", content: PNG }),
      status: 201,
    });
    expect(added).toMatchObject({ kind: "foto", filename: "salon-mojado.png", contentType: "image/png" });
    const second = await json<{ id: number }>("post", `${draftPath}/files`, {
      token: c.token,
      body: upload("factura", { name: "presupuesto.pdf", content: PDF }),
      status: 201,
    });
    const draft = await json<MyClaimDraft>("get", draftPath, { token: c.token, status: 200 });
    expect(draft.files.map((f) => [f.kind, f.filename])).toEqual([
      ["foto", "salon-mojado.png"],
      ["factura", "presupuesto.pdf"],
    ]);
    expect(draft).toMatchObject({ draft: {}, coverSince: c.startDate, now: START.toISOString() });

    const after = await json<MyClaimDraft>("delete", `${draftPath}/files/${added.id}`, { token: c.token, status: 200 });
    expect(after.files.map((f) => f.id)).toEqual([second.id]);
    // Removed: the document is marked deleted, and removing it again is a 404.
    const [doc] = await database.db.select().from(documents).where(eq(documents.filename, "salon-mojado.png"));
    expect(doc!.deletedAt).not.toBeNull();
    await json("delete", `${draftPath}/files/${added.id}`, { token: c.token, status: 404 });
  });

  it("rechaza en español un fichero que no es lo que dice, uno vacío, sin tipo o de más de 10 MB, sin guardar nada", async () => {
    clock = START;
    const c = await customerWithPolicy();
    const path = `/me/policies/${c.policyId}/claims/draft/files`;
    const refused = async (body: FormData, field: string) =>
      (await json<{ fieldErrors: Record<string, string[]> }>("post", path, { token: c.token, body, status: 400 })).fieldErrors[field];
    expect(await refused(upload("foto", { name: "foto.jpg", content: "no soy una foto" }), "file")).toEqual([
      expect.stringContaining("El fichero no es un PDF, JPEG o PNG"),
    ]);
    expect(await refused(upload("foto", { name: "foto.jpg", content: new Uint8Array() }), "file")).toEqual(["El fichero está vacío."]);
    expect(await refused(upload(null, { name: "foto.png", content: PNG }), "kind")).toEqual(["Indique qué documento es"]);
    expect(await refused(upload("foto", null), "file")).toEqual(["Elija el fichero que quiere subir."]);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await refused(upload("foto", { name: "grande.png", content: big }), "file")).toEqual(["El fichero supera el tamaño máximo de 10 MB."]);
    // Over the upload's body limit: the server's 413, before anything is read.
    const huge = new Uint8Array(DOCUMENT_UPLOAD_BODY_BYTES + 1);
    huge.set(PNG);
    expect((await call("post", path, { token: c.token, body: upload("foto", { name: "enorme.png", content: huge }) })).status).toBe(413);
    // JSON is not an upload.
    expect((await call("post", path, { token: c.token, body: { kind: "foto" } })).status).toBe(415);
    expect((await json<MyClaimDraft>("get", `/me/policies/${c.policyId}/claims/draft`, { token: c.token, status: 200 })).files).toEqual([]);
  });
});

describe("el siniestro declarado", () => {
  it("trae su hilo: la foto del borrador, los mensajes del tramitador (abrirlo los da por leídos); el cliente escribe; responde a un documento pedido; descarga los bytes", async () => {
    const { owner, claim } = await declaredWithPhoto();
    await postClaimMessage(database.db, claim.id, { kind: "tramitador", adminId: seededAdminId }, "¿Tiene factura del fontanero?", staff(), clock);
    const request = await requestClaimDocument(database.db, claim.id, seededAdminId, { kind: "factura", note: "La del fontanero" }, staff(), clock);

    const opened = await json<MyClaimDetail>("get", `/me/claims/${claim.id}`, { token: owner.token, status: 200 });
    expect(opened).toMatchObject({ number: claim.number, status: "abierto" });
    expect(opened.thread.files.map((f) => [f.kind, f.filename, f.uploadedBy])).toEqual([["foto", "bano.png", "cliente"]]);
    expect(opened.thread.requests).toEqual([
      expect.objectContaining({ id: request.id, kind: "factura", note: "La del fontanero", fulfilledAt: null }),
    ]);
    const again = await json<MyClaimDetail>("get", `/me/claims/${claim.id}`, { token: owner.token, status: 200 });
    expect(again.thread.messages).toEqual([
      expect.objectContaining({ author: "tramitador", body: "¿Tiene factura del fontanero?", readAt: clock.toISOString() }),
    ]);

    await json("post", `/me/claims/${claim.id}/messages`, { token: owner.token, body: { body: "Sí, se la adjunto ahora." }, status: 201 });
    const empty = await json<{ fieldErrors: Record<string, string[]> }>("post", `/me/claims/${claim.id}/messages`, {
      token: owner.token,
      body: { body: "   " },
      status: 400,
    });
    expect(empty.fieldErrors.body).toEqual(["Escriba su mensaje"]);

    const sent = await json<{ id: number }>("post", `/me/claims/${claim.id}/files`, {
      token: owner.token,
      body: upload("otro", { name: "factura fontanero.pdf", content: PDF }, { requestId: String(request.id) }),
      status: 201,
    });
    // Answered once: a second answer to the same request is a 409.
    await json("post", `/me/claims/${claim.id}/files`, {
      token: owner.token,
      body: upload("otro", { name: "otra.pdf", content: PDF }, { requestId: String(request.id) }),
      status: 409,
    });
    const after = await json<MyClaimDetail>("get", `/me/claims/${claim.id}`, { token: owner.token, status: 200 });
    expect(after.thread.requests[0]!.fulfilledAt).not.toBeNull();
    expect(after.thread.files.at(-1)).toMatchObject({ id: sent.id, kind: "factura", requestId: request.id, filename: "factura-fontanero.pdf" });
    expect(after.thread.messages.map((m) => m.author)).toEqual(["tramitador", "cliente"]);

    const download = await call("get", `/me/claims/${claim.id}/files/${sent.id}`, { token: owner.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="factura-fontanero.pdf"');
    expect(await download.text()).toBe(PDF);
  });

  it("otro cliente: 404 al leerlo, escribir, subir, descargar, y en el borrador y sus ficheros, como si no existieran", async () => {
    const { owner, other, claim, photoId } = await declaredWithPhoto();
    const notFound = { error: "Siniestro no encontrado" };
    const files = (await json<MyClaimDetail>("get", `/me/claims/${claim.id}`, { token: owner.token, status: 200 })).thread.files;
    expect(await json("get", `/me/claims/${claim.id}`, { token: other.token, status: 404 })).toEqual(notFound);
    expect(await json("post", `/me/claims/${claim.id}/messages`, { token: other.token, body: { body: "Hola" }, status: 404 })).toEqual(notFound);
    expect(
      await json("post", `/me/claims/${claim.id}/files`, { token: other.token, body: upload("foto", { name: "a.png", content: PNG }), status: 404 }),
    ).toEqual(notFound);
    expect(await json("get", `/me/claims/${claim.id}/files/${files[0]!.id}`, { token: other.token, status: 404 })).toEqual(notFound);
    // The owner's own claim with a file id of another claim, or none: not found either.
    await json("get", `/me/claims/${claim.id}/files/999999`, { token: owner.token, status: 404 });
    await json("post", `/me/policies/${owner.policyId}/claims/draft/files`, {
      token: other.token,
      body: upload("foto", { name: "a.png", content: PNG }),
      status: 404,
    });
    await json("delete", `/me/policies/${owner.policyId}/claims/draft/files/${photoId}`, { token: other.token, status: 404 });
    // A declared claim's file is no longer the draft's: it cannot be taken back.
    await json("delete", `/me/policies/${owner.policyId}/claims/draft/files/${photoId}`, { token: owner.token, status: 404 });
    expect((await json<MyClaimDetail>("get", `/me/claims/${claim.id}`, { token: owner.token, status: 200 })).thread.files).toHaveLength(1);
  });
});
