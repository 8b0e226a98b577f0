// A staff member hears by e-mail that their back-office account was created or its password reset
// (template contrasena-temporal, ADR 040): the sign-in link, never the password.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails } from "../../api/db/schema";
import { createRole, database, json, PASSWORD, setUpAdminApi, superToken, unique, type UserAnswer } from "../support/admin-api";

setUpAdminApi({ publicBaseUrl: "https://cotiza.example" });

const accountEmails = (to: string) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.template, "contrasena-temporal")));

describe("el correo de la cuenta del personal", () => {
  it("sale al crear la cuenta y al restablecer su contraseña, con el enlace de entrada y sin la contraseña", async () => {
    const role = await createRole({ "dashboard:read": true });
    const username = unique("eva");
    const created = await json<UserAnswer>("post", "/admin/users", {
      token: superToken,
      body: { username, email: `${username}@cotiza.test`, password: PASSWORD, roleId: role.id },
      status: 201,
    });
    const [first, ...more] = await accountEmails(created.email);
    expect(more).toEqual([]);
    expect(first!.subject).toBe("Cotiza: su cuenta del back office");
    expect(first!.body).toContain(`Hola, ${username}:`);
    expect(first!.body).toContain("https://cotiza.example/admin/login");
    expect(first!.body).not.toContain(PASSWORD);
    expect(first!.html).not.toContain(PASSWORD);

    const reset = "Otra-Clave-Temporal-2026";
    await json("patch", `/admin/users/${created.id}`, { token: superToken, body: { password: reset }, status: 200 });
    const after = await accountEmails(created.email);
    expect(after).toHaveLength(2);
    expect(after.map((e) => e.body).join("\n")).not.toContain(reset);

    // A change of role alone sends nothing.
    await json("patch", `/admin/users/${created.id}`, { token: superToken, body: { active: false }, status: 200 });
    expect(await accountEmails(created.email)).toHaveLength(2);
  });
});
