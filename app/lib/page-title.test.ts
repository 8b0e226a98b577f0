import { describe, expect, it } from "vitest";
import { adminTitle, siteTitle, withErrorPrefix } from "./page-title";

const failedMatches = [{ id: "root", data: { failedSubmission: true } }, { id: "routes/login" }];
const okMatches = [{ id: "root", data: { failedSubmission: false } }];

describe("siteTitle", () => {
  it("termina con el nombre del sitio", () => {
    expect(siteTitle("Mis cotizaciones")).toBe("Mis cotizaciones | Cotiza");
    expect(siteTitle("Mi póliza", okMatches)).toBe("Mi póliza | Cotiza");
  });

  it("antepone «Error: » tras un envío fallido, por matches o por indicador", () => {
    expect(siteTitle("Iniciar sesión", failedMatches)).toBe("Error: Iniciar sesión | Cotiza");
    expect(siteTitle("Calcular precio", true)).toBe("Error: Calcular precio | Cotiza");
    expect(siteTitle("Calcular precio", false)).toBe("Calcular precio | Cotiza");
  });
});

describe("adminTitle", () => {
  it("termina con el back office", () => {
    expect(adminTitle("Usuarios")).toBe("Usuarios | Back office Cotiza");
    expect(adminTitle("Nuevo rol", failedMatches)).toBe("Error: Nuevo rol | Back office Cotiza");
    expect(adminTitle("Auditoría", true)).toBe("Error: Auditoría | Back office Cotiza");
  });
});

describe("withErrorPrefix", () => {
  it("no repite el prefijo", () => {
    expect(withErrorPrefix("Error: Hola | Cotiza", true)).toBe("Error: Hola | Cotiza");
    expect(adminTitle("Error: Usuarios", failedMatches)).toBe("Error: Usuarios | Back office Cotiza");
  });
});
