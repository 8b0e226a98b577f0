// No personal data or secrets in the log: a database error's line carried the driver's
// message with every bound parameter (password hashes, NIF, names, addresses, e-mails). Here a
// constraint added for the test makes the writes of a registration and of a checkout fail with
// personal data bound to them; the log must name the failure without any of the values sent.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nifCheckLetter } from "../../api/domain/nif";
import { AUTO } from "../support/quote-inputs";
import { memoryLogger, testServerForFile } from "../support/server";

const logger = memoryLogger();
const env = testServerForFile({ logger });

async function api(method: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${env.server.url}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("el registro del proceso", () => {
  it("un error de la base de datos no deja en el registro ningún dato enviado: ni nombre, ni correo, ni contraseña, ni NIF, ni dirección", async () => {
    const db = env.database.db;
    // A name no one has: any write carrying it fails in the database, as a bug would.
    const refused = "Zacarías Rechazado";
    await db.execute(sql.raw(`alter table users add constraint test_refused_name check (name <> '${refused}')`));
    await db.execute(sql.raw(`alter table clients add constraint test_refused_city check (city is null or city <> 'Villarrechazo')`));

    const email = "zacarias.secreto@example.com";
    const password = "Secreta-Clave-Unica-2026!";
    const registered = await api("POST", "/auth/register", { name: refused, email, password });
    expect(registered.status).toBe(500);
    expect(JSON.stringify(registered.body)).not.toContain(refused);

    const visitor = (await api("POST", "/auth/register", { name: "Persona Normal", email: "normal@example.com", password })).body.token as string;
    const quote = (await api("POST", "/quotes", { line: "auto", inputs: AUTO }, visitor)).body as { id: string };
    const nif = `71234567${nifCheckLetter("71234567")}`;
    const address = "Calle del Secreto 99, 4.º izq.";
    const bought = await api(
      "POST",
      `/quotes/${quote.id}/checkout`,
      {
        plan: "terceros",
        optionalGuarantees: [],
        frequency: "anual",
        registration: "1234 bcd",
        policyholder: {
          name: "Eufrasia Privada",
          nif,
          birthDate: "1985-06-15",
          phone: "+34 611 222 333",
          address,
          postalCode: "28013",
          city: "Villarrechazo",
        },
        payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Eufrasia Privada" },
        consents: { terms: true, privacy: true, ipid: true, marketing: false },
        idempotencyKey: crypto.randomUUID(),
      },
      visitor,
    );
    expect(bought.status).toBe(500);

    const log = JSON.stringify(logger.lines);
    const errors = logger.lines.filter((line) => line.level === "error");
    expect(errors.length).toBeGreaterThanOrEqual(2);
    // Each failure is named: SQLSTATE 23514 (check violation) and the statement, table and constraint.
    expect(
      errors.some(
        (line) => line.fields?.code === "23514" && line.fields?.constraint === "test_refused_name" && line.fields?.statement === "insert users",
      ),
    ).toBe(true);
    expect(errors.some((line) => line.fields?.code === "23514" && line.fields?.constraint === "test_refused_city")).toBe(true);
    for (const secret of [refused, email, password, "Eufrasia Privada", nif, address, "Villarrechazo", "611 222 333", "scrypt$"])
      expect(log, secret).not.toContain(secret);
    // The card number, however it is written; not "4242" alone, which a random request id or reference may hold.
    expect(log).not.toMatch(/4242[\s-]?4242/);
    expect(log).not.toMatch(/params:/);
  });
});
