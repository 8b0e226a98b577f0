// /admin/clients over real HTTP on a fresh database: clients made by real checkouts (and a
// prospect written directly), the list with its search, sorts, filters and CSV, one client with
// everything about them, the edit with its audit row, notes, and the data rights (export and
// erasure, ADR 012).
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_MESSAGES, ERASED_CLIENT_NAME, type ClientDataExport, type ClientDetail, type ClientList } from "../../api/contract/clients";
import { erasedAccountEmail } from "../../api/db/client-data-rights.repo";
import { clients, consents, notes, policies, recibos, users } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import { auditRows, call, database, insertClient, json, superToken, setUpAdminApi, unique } from "../support/admin-api";
import { checkoutBody, holder } from "../support/checkout";
import { AUTO, HOGAR } from "../support/quote-inputs";

setUpAdminApi();

const VISITOR_PASSWORD = "Gazpacho-andaluz-2026";
let nifs = 0;
const newNif = () => {
  const digits = String(60_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};

type Customer = { token: string; email: string; nif: string; clientId: number; policyId: number; userId: number };

/** A visitor who registers, quotes and checks out: the checkout makes them a client with a policy in force. */
async function customer(name: string, line: "auto" | "hogar"): Promise<Customer> {
  const email = `${unique("tomador")}@example.com`;
  const registered = await json<{ token: string; user: { id: number } }>("post", "/auth/register", {
    body: { name, email, password: VISITOR_PASSWORD },
    status: 201,
  });
  const token = registered.token;
  const quote = await json<{ id: string }>("post", "/quotes", { token, body: { line, inputs: line === "auto" ? AUTO : HOGAR }, status: 201 });
  const nif = newNif();
  const plan = line === "auto" ? "terceros" : "basico";
  const policy = await json<{ id: number }>("post", `/quotes/${quote.id}/checkout`, {
    token,
    body: checkoutBody(nif, { plan, policyholder: { ...holder(nif), name } }, line),
    status: 201,
  });
  const [client] = await database.db.select().from(clients).where(eq(clients.nif, nif));
  return { token, email, nif, clientId: client!.id, policyId: policy.id, userId: client!.userId! };
}

const list = (query: string) => json<ClientList>("get", `/admin/clients${query}`, { token: superToken, status: 200 });
const detail = (id: number) => json<ClientDetail>("get", `/admin/clients/${id}`, { token: superToken, status: 200 });
const patch = (id: number, body: unknown) => call("patch", `/admin/clients/${id}`, { token: superToken, body });

describe("/admin/clients", () => {
  let lucia: Customer;
  let jorge: Customer;
  let prospectId: number;

  beforeAll(async () => {
    lucia = await customer("Lucía Martín Sanz", "auto");
    jorge = await customer("Jorge Pérez Gil", "hogar");
    prospectId = await insertClient({ name: "Ana Prospecta Ruiz", email: "ana.prospecta@example.com", stage: "prospecto" });
  });

  describe("la lista", () => {
    it("busca por NIF/NIE exacto, escrito con separadores y en minúsculas", async () => {
      const spaced = `${lucia.nif.slice(0, 2)}.${lucia.nif.slice(2, 5)}.${lucia.nif.slice(5, 8)}-${lucia.nif.slice(8).toLowerCase()}`;
      const page = await list(`?q=${encodeURIComponent(spaced)}`);
      expect(page.total).toBe(1);
      expect(page.items[0]).toEqual({
        id: lucia.clientId,
        name: "Lucía Martín Sanz",
        nif: lucia.nif,
        email: lucia.email,
        phone: "+34600123456",
        stage: "alta", // bought, not yet in force (ADR 041 «Clientes»)
        policiesInForce: 1,
        createdAt: expect.any(String),
      });
    });

    it("busca 3 letras o más en el nombre o el correo, sin distinguir mayúsculas", async () => {
      expect((await list("?q=PÉREZ")).items.map((c) => c.id)).toEqual([jorge.clientId]);
      expect((await list(`?q=${encodeURIComponent(lucia.email.slice(0, 12).toUpperCase())}`)).items.map((c) => c.id)).toEqual([lucia.clientId]);
      expect((await list("?q=prospecta@")).items.map((c) => c.id)).toEqual([prospectId]);
    });

    it("busca sin distinguir acentos ni mayúsculas, en el nombre y en la búsqueda", async () => {
      const jose = await insertClient({ name: "José García Núñez", email: "jgn@example.com" });
      const joseLuis = await insertClient({ name: "JOSÉ LUIS ÁLVAREZ", email: "jla@example.com" });
      const marta = await insertClient({ name: "Marta Garcia Nunez", email: "mgn@example.com" });
      const ids = async (q: string) => (await list(`?q=${encodeURIComponent(q)}&pageSize=100`)).items.map((c) => c.id).sort();
      expect(await ids("Jose Garcia")).toEqual([jose]);
      expect(await ids("jose")).toEqual([jose, joseLuis].sort());
      expect(await ids("garcía NÚÑEZ")).toEqual([jose, marta].sort());
      expect(await ids("alvarez")).toEqual([joseLuis]);
      // The total agrees with the rows, whether the page tells it (not full) or it is counted.
      expect((await list(`?q=${encodeURIComponent("García")}&pageSize=100`)).total).toBe(2);
      expect(await list(`?q=garcia&pageSize=1&page=2`)).toMatchObject({ total: 2, totalCapped: false, items: [{ id: expect.any(Number) }] });
      expect(await list(`?q=garcia&pageSize=1&page=1`)).toMatchObject({ total: 2, items: [{ id: expect.any(Number) }] });
      expect(await list(`?q=garcia&pageSize=1&page=3`)).toMatchObject({ total: 2, items: [] });
      expect(await list(`?q=zzzqqq`)).toMatchObject({ total: 0, items: [] });
    });

    it("rechaza una búsqueda de menos de 3 letras que no es un NIF, y un orden desconocido", async () => {
      const short = await json("get", "/admin/clients?q=ab", { token: superToken, status: 400 });
      expect(short.fieldErrors).toEqual({ q: [CLIENT_MESSAGES.search] });
      await json("get", "/admin/clients?sort=nif", { token: superToken, status: 400 });
      await json("get", "/admin/clients?stage=vip", { token: superToken, status: 400 });
    });

    it("filtra por etapa y por tener pólizas en vigor, y ordena por nombre o por alta", async () => {
      const ours = new Set([lucia.clientId, jorge.clientId, prospectId]);
      const only = (page: ClientList) => page.items.filter((c) => ours.has(c.id)).map((c) => c.id);
      expect(only(await list("?stage=prospecto&pageSize=100"))).toEqual([prospectId]);
      expect(only(await list("?inForce=true&pageSize=100")).sort()).toEqual([lucia.clientId, jorge.clientId].sort());
      expect(only(await list("?inForce=false&pageSize=100"))).toEqual([prospectId]);
      expect(only(await list("?sort=name&dir=asc&pageSize=100"))).toEqual([prospectId, jorge.clientId, lucia.clientId]);
      expect(only(await list("?sort=createdAt&dir=desc&pageSize=100"))).toEqual([prospectId, jorge.clientId, lucia.clientId]);
      const page = await list("?pageSize=2&page=1");
      expect(page).toMatchObject({ page: 1, pageSize: 2, sort: "name", dir: "asc", totalCapped: false });
    });

    it("exporta en CSV exactamente la lista filtrada", async () => {
      const response = await call("get", `/admin/clients/export?q=${jorge.nif}`, { token: superToken });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (await response.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("Nombre;NIF/NIE;Correo electrónico;Teléfono;Etapa;Pólizas en vigor;Alta");
      expect(lines).toHaveLength(2);
      // Without filters, in the other order: every client.
      const all = await call("get", "/admin/clients/export?sort=createdAt&dir=desc", { token: superToken });
      expect(all.status).toBe(200);
      expect((await all.text()).trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(4);
      const byName = await call("get", "/admin/clients/export", { token: superToken });
      expect((await byName.text()).trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(4);
      expect(lines[1]).toMatch(new RegExp(`^Jorge Pérez Gil;${jorge.nif};${jorge.email};'\\+34600123456;Alta;1;\\d{2}/\\d{2}/\\d{4}`));
    });
  });

  describe("un cliente", () => {
    it("muestra sus datos, pólizas, recibos, consentimientos, documentos, correos e historial", async () => {
      const one = await detail(lucia.clientId);
      expect(one.client).toMatchObject({
        id: lucia.clientId,
        name: "Lucía Martín Sanz",
        nif: lucia.nif,
        birthDate: "1985-06-15",
        city: "Madrid",
        postalCode: "28013",
        stage: "alta",
      });
      expect(one.account).toEqual({ id: lucia.userId, email: lucia.email, active: true });
      expect(one.erasedAt).toBeNull();
      expect(one.erasure).toEqual({ allowed: false, reason: CLIENT_MESSAGES.livePolicies });
      expect(one.policies).toEqual([
        expect.objectContaining({
          id: lucia.policyId,
          line: "auto",
          status: "en_vigor",
          frequency: "anual",
          plan: { code: "terceros", name: expect.any(String) },
        }),
      ]);
      expect(one.policies[0]!.plan.name).not.toBe("terceros");
      expect(one.quotes.total).toBe(1);
      expect(one.quotes.items[0]).toMatchObject({ line: "auto", status: "contratada" });
      expect(one.recibos).toMatchObject({ total: 1, pendingAmount: 0, returned: 0 });
      expect(one.recibos.items[0]).toMatchObject({ policyId: lucia.policyId, sequence: 1, status: "cobrado" });
      expect(one.consents.map((c) => c.purpose).sort()).toEqual(["ipid", "marketing", "privacy", "terms"]);
      expect(one.consents.every((c) => c.ip !== undefined && c.at)).toBe(true);
      expect(one.documents).toEqual([
        {
          kind: "conditions",
          name: `Condiciones particulares ${one.policies[0]!.number}`,
          policyNumber: one.policies[0]!.number,
          policyId: lucia.policyId,
          line: "auto",
          url: `/admin/policies/${lucia.policyId}/documents/conditions`,
        },
        { kind: "ipid", name: "IPID: Seguro de coche", policyNumber: null, policyId: null, line: "auto", url: "/documents/ipid/auto" },
      ]);
      expect(one.emails.total).toBe(1);
      expect(one.emails.items[0]).toMatchObject({ to: lucia.email, status: "pendiente" });
      expect(one.timeline.map((e) => e.code)).toEqual(expect.arrayContaining(["client.created", "consent.recorded"]));
      expect(one.timeline.find((e) => e.code === "client.created")).toMatchObject({
        source: "audit",
        label: "Cliente creado",
        actorLabel: lucia.email,
      });
    });

    it("responde 404 a un cliente que no existe y 400 a un identificador que no es un número", async () => {
      expect(await json("get", "/admin/clients/999999", { token: superToken, status: 404 })).toEqual({ error: CLIENT_MESSAGES.notFound });
      await json("get", "/admin/clients/abc", { token: superToken, status: 400 });
      await json("patch", "/admin/clients/999999", { token: superToken, body: { city: "Soria" }, status: 404 });
      await json("post", "/admin/clients/999999/notes", { token: superToken, body: { body: "Hola" }, status: 404 });
      await json("get", "/admin/clients/999999/gdpr-export", { token: superToken, status: 404 });
      await json("post", "/admin/clients/999999/erase", { token: superToken, status: 404 });
    });
  });

  describe("la edición", () => {
    it("cambia solo lo enviado y deja en auditoría el antes y el después de lo que cambió", async () => {
      // The stage is not edited here: a move in the client pipeline takes a reason (ADR 041).
      const response = await patch(jorge.clientId, { name: "Jorge Pérez Gil", phone: "611 22 33 44", stage: "renovacion", city: "Valencia" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: jorge.clientId,
        name: "Jorge Pérez Gil",
        phone: "611223344",
        stage: "alta",
        city: "Valencia",
        nif: jorge.nif,
      });
      const [row] = await auditRows("client.updated", jorge.clientId).then((rows) => rows.filter((r) => r.actorType === "admin"));
      expect(row).toMatchObject({
        actorType: "admin",
        entity: "client",
        before: { phone: "+34600123456", city: "Madrid" },
        after: { phone: "611223344", city: "Valencia" },
      });
      // Nothing changed: no new audit row.
      expect((await patch(jorge.clientId, { city: "Valencia" })).status).toBe(200);
      expect((await auditRows("client.updated", jorge.clientId)).filter((r) => r.actorType === "admin")).toHaveLength(1);
    });

    it("valida el NIF/NIE con su letra, no admite el de otro cliente ni dejar sin él a un tomador", async () => {
      const bad = await patch(jorge.clientId, { nif: "12345678A" });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors).toEqual({ nif: [CLIENT_MESSAGES.nif] });

      const taken = await patch(jorge.clientId, { nif: lucia.nif.toLowerCase() });
      expect(taken.status).toBe(409);
      expect(await taken.json()).toEqual({ error: CLIENT_MESSAGES.nifTaken, fieldErrors: { nif: [CLIENT_MESSAGES.nifTaken] } });

      const cleared = await patch(jorge.clientId, { nif: "" });
      expect(cleared.status).toBe(400);
      expect((await cleared.json()).fieldErrors).toEqual({ nif: [CLIENT_MESSAGES.nifRequired] });

      // A prospect may get one, in any spelling, stored normalised; and lose it again.
      const nif = newNif();
      const given = await patch(prospectId, { nif: `${nif.slice(0, 8)}-${nif.slice(8).toLowerCase()}`, phone: null });
      expect(given.status).toBe(200);
      expect(await given.json()).toMatchObject({ nif, phone: null });
      expect((await patch(prospectId, { nif: null })).status).toBe(200);

      const empty = await patch(jorge.clientId, {});
      expect(empty.status).toBe(400);
      const wrong = await patch(jorge.clientId, { email: "no-es-un-correo", postalCode: "99999" });
      expect((await wrong.json()).fieldErrors).toEqual({
        email: [CLIENT_MESSAGES.email],
        postalCode: [CLIENT_MESSAGES.postalCode],
      });
    });
  });

  describe("las notas internas", () => {
    it("añade una nota con su autor, la muestra y la deja en auditoría sin su texto", async () => {
      const note = await json<{ id: number; body: string; authorLabel: string }>("post", `/admin/clients/${jorge.clientId}/notes`, {
        token: superToken,
        body: { body: "  Prefiere que le llamen por la tarde.  " },
        status: 201,
      });
      expect(note).toMatchObject({ body: "Prefiere que le llamen por la tarde.", authorLabel: expect.stringContaining("@") });
      const one = await detail(jorge.clientId);
      expect(one.notes.items[0]).toMatchObject({ id: note.id, body: "Prefiere que le llamen por la tarde." });
      const [audit] = await auditRows("client.note_added", jorge.clientId);
      expect(audit!.after).toEqual({ noteId: note.id, characters: 36 });

      const empty = await json("post", `/admin/clients/${jorge.clientId}/notes`, { token: superToken, body: { body: "   " }, status: 400 });
      expect(empty.fieldErrors).toEqual({ body: [CLIENT_MESSAGES.note] });
      const long = await json("post", `/admin/clients/${jorge.clientId}/notes`, { token: superToken, body: { body: "x".repeat(2001) }, status: 400 });
      expect(long.fieldErrors).toEqual({ body: [CLIENT_MESSAGES.noteTooLong] });
    });
  });

  describe("los derechos sobre los datos", () => {
    it("exporta todos sus datos como fichero JSON, sin datos de tarjeta, y lo deja en auditoría", async () => {
      await json("post", `/admin/clients/${lucia.clientId}/notes`, { token: superToken, body: { body: "Nota para la exportación" }, status: 201 });
      const response = await call("get", `/admin/clients/${lucia.clientId}/gdpr-export`, { token: superToken });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="cliente-${lucia.clientId}-datos.json"`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const text = await response.text();
      expect(text).not.toContain("4242 4242");
      expect(text).not.toContain("4242424242424242");
      const data = JSON.parse(text) as ClientDataExport;
      expect(data.client).toMatchObject({ id: lucia.clientId, nif: lucia.nif, name: "Lucía Martín Sanz" });
      expect(data.account).toMatchObject({ id: lucia.userId, email: lucia.email, name: "Lucía Martín Sanz" });
      expect(data.policies).toHaveLength(1);
      expect(data.policies[0]).toMatchObject({ id: lucia.policyId, risk: expect.objectContaining({ vehicleBrand: "Seat" }) });
      expect(data.policies[0]!.recibos).toEqual([expect.objectContaining({ sequence: 1, status: "cobrado" })]);
      expect(data.policies[0]!.payments).toEqual([
        expect.objectContaining({ method: "card", methodLabel: expect.stringContaining("4242"), status: "aceptado" }),
      ]);
      expect(data.quotes).toEqual([expect.objectContaining({ status: "contratada", inputs: expect.objectContaining({ vehicleModel: "León" }) })]);
      expect(data.consents).toHaveLength(4);
      expect(data.emails).toHaveLength(1);
      expect(data.notes.map((n) => n.body)).toEqual(["Nota para la exportación"]);
      const [audit] = await auditRows("client.exported", lucia.clientId);
      expect(audit).toMatchObject({ actorType: "admin", after: { policies: 1, quotes: 1, emails: 1, notes: 1 } });
    });

    it("no anonimiza a un cliente con una póliza en vigor", async () => {
      const refused = await json("post", `/admin/clients/${lucia.clientId}/erase`, { token: superToken, status: 409 });
      expect(refused).toEqual({ error: CLIENT_MESSAGES.livePolicies });
      expect((await detail(lucia.clientId)).client.nif).toBe(lucia.nif);
    });

    it("no anonimiza hasta que pasa el plazo de conservación desde la anulación de la última póliza", async () => {
      await database.db.execute(
        sql`update policies set status = 'anulada', start_date = '2024-01-01', end_date = '2025-01-01', cancellation_reason = 'peticion_cliente', cancellation_effective_date = '2024-06-30' where id = ${jorge.policyId}`,
      );
      const refused = await json("post", `/admin/clients/${jorge.clientId}/erase`, { token: superToken, status: 409 });
      expect(refused.error).toBe(CLIENT_MESSAGES.retention("30/06/2030", 6));
      expect(refused.error).toContain("Los datos deben conservarse hasta el 30/06/2030");
      expect((await detail(jorge.clientId)).erasure).toEqual({ allowed: false, reason: refused.error });
    });

    it("pasado el plazo, anonimiza al cliente y su cuenta y conserva pólizas y recibos sin datos que le identifiquen", async () => {
      await database.db.execute(
        sql`update policies set status = 'vencida', start_date = '2018-01-01', end_date = '2019-01-01' where id = ${lucia.policyId}`,
      );
      const recibosBefore = await database.db.select().from(recibos).where(eq(recibos.policyId, lucia.policyId));
      expect((await detail(lucia.clientId)).erasure).toEqual({ allowed: true, reason: null });

      const erased = await json<{ id: number; policiesKept: number; accountDeactivated: boolean }>("post", `/admin/clients/${lucia.clientId}/erase`, {
        token: superToken,
        status: 200,
      });
      expect(erased).toMatchObject({ id: lucia.clientId, policiesKept: 1, accountDeactivated: true });

      const [client] = await database.db.select().from(clients).where(eq(clients.id, lucia.clientId));
      expect(client).toMatchObject({
        name: ERASED_CLIENT_NAME,
        nif: null,
        email: null,
        phone: null,
        address: null,
        postalCode: null,
        city: null,
        birthDate: null,
        stage: "baja",
      });
      const [account] = await database.db.select().from(users).where(eq(users.id, lucia.userId));
      expect(account).toMatchObject({ name: ERASED_CLIENT_NAME, email: erasedAccountEmail(lucia.userId), active: false });
      expect((await database.db.select().from(consents).where(eq(consents.clientId, lucia.clientId))).map((c) => c.ip)).toEqual([
        null,
        null,
        null,
        null,
      ]);
      expect(await database.db.select().from(notes).where(eq(notes.entityId, lucia.clientId))).toEqual([]);
      const [policy] = await database.db.select().from(policies).where(eq(policies.id, lucia.policyId));
      expect(policy).toMatchObject({ clientId: lucia.clientId, status: "vencida", iban: null });
      expect(await database.db.select().from(recibos).where(eq(recibos.policyId, lucia.policyId))).toHaveLength(recibosBefore.length);

      // The visitor can no longer sign in, and the old token stops working.
      await json("post", "/auth/login", { body: { email: lucia.email, password: VISITOR_PASSWORD }, status: 401 });
      expect((await call("get", "/auth/profile", { token: lucia.token })).status).toBe(401);

      const one = await detail(lucia.clientId);
      expect(one.erasedAt).not.toBeNull();
      expect(one.erasure.allowed).toBe(false);
      expect(one.emails.items.every((e) => e.to === erasedAccountEmail(lucia.userId))).toBe(true);
      expect((await list(`?q=${lucia.nif}`)).total).toBe(0);
      const [audit] = await auditRows("client.erased", lucia.clientId);
      expect(audit).toMatchObject({ actorType: "admin", before: null, after: { erased: true, policiesKept: 1, accountDeactivated: true } });

      expect(await json("post", `/admin/clients/${lucia.clientId}/erase`, { token: superToken, status: 409 })).toEqual({
        error: CLIENT_MESSAGES.erased,
      });
      await json("post", `/admin/clients/${lucia.clientId}/notes`, { token: superToken, body: { body: "Otra" }, status: 409 });
      expect(await json("patch", `/admin/clients/${lucia.clientId}`, { token: superToken, body: { name: "Vuelta" }, status: 409 })).toEqual({
        error: CLIENT_MESSAGES.erased,
      });
    });

    it("anonimiza en el acto a un prospecto sin pólizas", async () => {
      const id = await insertClient({ name: "Prospecto Borrable", email: "borrable@example.com", phone: "600000000" });
      await json("post", `/admin/clients/${id}/erase`, { token: superToken, status: 200 });
      expect((await detail(id)).client).toMatchObject({ name: ERASED_CLIENT_NAME, email: null, phone: null });
    });
  });
});
