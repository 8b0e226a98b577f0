import { describe, expect, it } from "vitest";
import {
  formatRiskAddress,
  INSURED_OBJECT_MESSAGES as M,
  insuredObjectErrors,
  insuredObjectRisk,
  postalCodeMismatchMessage,
  readRiskAddress,
  riskAddressFromPolicyholder,
} from "./insured-object";

const ADDRESS = { street: "Calle de la Paz 3", door: "2.º A", postalCode: "46001", city: "Valencia" };

describe("el objeto asegurado según el ramo", () => {
  it("un coche pide la matrícula, y solo la matrícula", () => {
    expect(insuredObjectErrors("auto", "28013", { registration: "1234BCD" })).toEqual({});
    expect(insuredObjectErrors("auto", "28013", {})).toEqual({ registration: [M.registrationRequired] });
    expect(insuredObjectErrors("auto", "28013", { registration: "1234ABC" })).toEqual({ registration: [M.registration] });
    expect(insuredObjectErrors("auto", "28013", { registration: "1234BCD", riskAddress: ADDRESS })).toEqual({
      riskAddress: [M.addressNotApplicable],
    });
  });

  it("una vivienda pide su dirección, con el código postal de la cotización", () => {
    expect(insuredObjectErrors("hogar", "46001", { riskAddress: ADDRESS })).toEqual({});
    expect(insuredObjectErrors("alquiler", "46001", {})).toEqual({
      "riskAddress.street": [M.street],
      "riskAddress.postalCode": [M.postalCode],
      "riskAddress.city": [M.city],
    });
    expect(insuredObjectErrors("hogar", "28013", { riskAddress: ADDRESS })).toEqual({
      "riskAddress.postalCode": [postalCodeMismatchMessage("28013")],
    });
    expect(postalCodeMismatchMessage("28013")).toContain("vuelva a cotizar");
    expect(insuredObjectErrors("alquiler", "46001", { riskAddress: ADDRESS, registration: "1234BCD" })).toEqual({
      registration: [M.registrationNotApplicable],
    });
  });

  it("guarda la matrícula normalizada o la dirección, sin piso vacío", () => {
    expect(insuredObjectRisk("auto", { registration: "m-1234-ab" })).toEqual({ registration: "M1234AB" });
    expect(insuredObjectRisk("hogar", { riskAddress: { ...ADDRESS, door: undefined } })).toEqual({
      riskAddress: { street: "Calle de la Paz 3", postalCode: "46001", city: "Valencia" },
    });
    expect(insuredObjectRisk("alquiler", { riskAddress: ADDRESS })).toEqual({ riskAddress: ADDRESS });
  });

  it("escribe la dirección en una línea y la toma del tomador si es la misma", () => {
    expect(formatRiskAddress(ADDRESS)).toBe("Calle de la Paz 3, 2.º A, 46001 Valencia");
    expect(riskAddressFromPolicyholder({ address: "Calle Mayor 1, 2.º B", postalCode: "28013", city: "Madrid" })).toEqual({
      street: "Calle Mayor 1, 2.º B",
      postalCode: "28013",
      city: "Madrid",
    });
    expect(readRiskAddress({ street: "A 1", postalCode: "46001", city: "Valencia", door: "" })).toEqual({
      street: "A 1",
      postalCode: "46001",
      city: "Valencia",
    });
    expect(readRiskAddress("Calle")).toBeNull();
    expect(readRiskAddress({ street: "A 1" })).toBeNull();
  });
});
