import { describe, expect, it } from "vitest";
import { notCheckedHere } from "./form-checks";

// What conform does with the answer: `error: null` sends the form to the server (its "let the
// server check"); any other error object is handled in the browser, null entries keeping the
// errors already shown.
describe("notCheckedHere: la respuesta mientras no ha llegado el validador", () => {
  const form = (entries: [string, string][]) => {
    const formData = new FormData();
    for (const [name, value] of entries) formData.append(name, value);
    return formData;
  };

  it("deja que un envío vaya al servidor, que lo comprueba", () => {
    const submission = notCheckedHere(
      form([
        ["postalCode", "99001"],
        ["monthlyRent", ""],
      ]),
    );
    expect(submission.status).toBe("error");
    expect("error" in submission && submission.error).toBeNull();
  });

  it("responde aquí a la comprobación de un campo al salir de él: sin errores nuevos, sin enviar nada, y conserva los que se ven", () => {
    const submission = notCheckedHere(
      form([
        ["postalCode", "99001"],
        ["riskAddress.street", ""],
        ["__intent__", JSON.stringify({ type: "validate", payload: { name: "postalCode" } })],
      ]),
    );
    expect(submission.status).toBeUndefined();
    expect("error" in submission && submission.error).toEqual({ "": null, postalCode: null, "riskAddress.street": null });
  });
});
