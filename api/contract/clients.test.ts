import { describe, expect, it } from "vitest";
import { clientStageEnum } from "../db/schema";
import { CLIENT_MESSAGES, CLIENT_STAGES, ClientFormSchema, ClientListQuerySchema, toClientPatch, UpdateClientSchema } from "./clients";

describe("el contrato de clientes", () => {
  it("tiene las mismas etapas que el enum de la base de datos", () => {
    expect([...CLIENT_STAGES]).toEqual(clientStageEnum.enumValues);
  });

  it("acepta como búsqueda un NIF/NIE completo o 3 letras o más", () => {
    expect(ClientListQuerySchema.safeParse({ q: "x1234567l" }).success).toBe(true);
    expect(ClientListQuerySchema.safeParse({ q: "Ana" }).success).toBe(true);
    const short = ClientListQuerySchema.safeParse({ q: "an" });
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => i.message)).toEqual([CLIENT_MESSAGES.search]);
  });

  it("convierte el formulario en un PATCH que vacía las casillas en blanco", () => {
    const form = ClientFormSchema.parse({ name: " Ana Ruiz ", nif: "12.345.678-z" });
    expect(toClientPatch(form)).toEqual({
      name: "Ana Ruiz",
      nif: "12345678Z",
      birthDate: null,
      email: null,
      phone: null,
      address: null,
      postalCode: null,
      city: null,
    });
    expect(UpdateClientSchema.parse({ email: "", phone: "+34 600 12 34 56" })).toEqual({ email: null, phone: "+34600123456" });
    expect(UpdateClientSchema.safeParse({}).success).toBe(false);
    // The stage moves with a reason through the client pipeline (ADR 041), never through the edit.
    expect(UpdateClientSchema.safeParse({ stage: "baja" }).success).toBe(false);
  });
});
