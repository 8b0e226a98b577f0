import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, QUOTE_ALREADY_CONTRACTED_MESSAGE, QUOTE_EXPIRED_MESSAGE } from "../../api/contract/checkout";
import { inVoice, TU_MESSAGES } from "./voice";

describe("inVoice", () => {
  it("deja los mensajes tal cual en «usted»", () => {
    expect(inVoice(CHECKOUT_MESSAGES.nif, "usted")).toBe(CHECKOUT_MESSAGES.nif);
    expect(inVoice(CHECKOUT_MESSAGES.terms, "usted")).toBe(CHECKOUT_MESSAGES.terms);
  });

  it("pasa a «tú» los imperativos de los mensajes compartidos, con su mayúscula", () => {
    expect(inVoice(CHECKOUT_MESSAGES.nif, "tu")).toBe("Introduce un NIF o NIE válido");
    expect(inVoice(CHECKOUT_MESSAGES.cardNumber, "tu")).toBe("Introduce un número de tarjeta válido");
    expect(inVoice(CHECKOUT_MESSAGES.plan, "tu")).toBe("Elige un plan");
    expect(inVoice(CHECKOUT_MESSAGES.name, "tu")).toBe("Indica el nombre y los apellidos del tomador");
    expect(inVoice(CHECKOUT_MESSAGES.idempotencyKey, "tu")).toBe("Falta el identificador de la operación. Recarga la página e inténtalo de nuevo.");
    expect(inVoice(QUOTE_EXPIRED_MESSAGE, "tu")).toBe("La cotización ha caducado. Vuelve a cotizar para obtener un precio actualizado.");
  });

  it("no toca lo que no es un imperativo de «usted» ni una palabra que lo contiene", () => {
    expect(inVoice("El tomador debe ser mayor de edad", "tu")).toBe("El tomador debe ser mayor de edad");
    expect(inVoice("Indique si es su vivienda habitual", "tu")).toBe("Indica si es su vivienda habitual");
    expect(inVoice("Remarque", "tu")).toBe("Remarque");
  });

  it("dice en «tú» los mensajes de la API que enseña el back office, y lo que es de quien está en la pantalla", () => {
    expect(inVoice("Indique el motivo de la suspensión", "tu")).toBe("Indica el motivo de la suspensión");
    expect(inVoice("Envíe el formulario desde la página.", "tu")).toBe("Envía el formulario desde la página.");
    expect(inVoice("Demasiados intentos de inicio de sesión desde su conexión. Inténtelo de nuevo en 30 segundos.", "tu")).toBe(
      "Demasiados intentos de inicio de sesión desde tu conexión. Inténtalo de nuevo en 30 segundos.",
    );
    expect(inVoice("No hemos podido atender su petición tal como ha llegado.", "tu")).toBe(
      "No hemos podido atender tu petición tal como ha llegado.",
    );
    // The customer's things stay "su".
    expect(inVoice("El cliente cambia su conexión a internet", "tu")).toBe("El cliente cambia su conexión a internet");
  });

  it("da a los consentimientos del personal el sentido de la venta por teléfono: los acepta el cliente", () => {
    expect(inVoice(CHECKOUT_MESSAGES.terms, "tu")).toBe("Marca que el cliente acepta las condiciones de contratación");
    expect(inVoice(CHECKOUT_MESSAGES.privacy, "tu")).toBe("Marca que el cliente acepta la política de privacidad");
    expect(inVoice(CHECKOUT_MESSAGES.ipid, "tu")).toBe("Marca que se ha informado al cliente del documento de información del producto (IPID)");
    expect(inVoice(QUOTE_ALREADY_CONTRACTED_MESSAGE, "tu")).not.toContain("Mi póliza");
  });

  it("escribe las claves de los mensajes enteros como los del contrato", () => {
    // The keys are written out (no zod in the fields' bundle): each must still be a real message.
    const real: string[] = [CHECKOUT_MESSAGES.terms, CHECKOUT_MESSAGES.privacy, CHECKOUT_MESSAGES.ipid, QUOTE_ALREADY_CONTRACTED_MESSAGE];
    expect(Object.keys(TU_MESSAGES).sort()).toEqual([...real].sort());
  });
});
