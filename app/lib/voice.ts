// The public site speaks "usted", the back office "tú" (HOUSE-STYLE). The shared forms and the
// API's messages are written once, in "usted", for the public site; every back-office screen
// (VoiceProvider "tu" in admin.tsx) says them in "tú" through this module. In the back office the
// customer is a third person: "su" stays "su" (the customer's), only what is asked of the person
// at the screen changes, and what is theirs ("su conexión").

export type Voice = "usted" | "tu";

/**
 * Messages whose "tú" form for staff is more than the verb: the consents are the customer's.
 * Written out, not imported, so that the fields do not bring zod into the first load (ADR 008);
 * voice.test.ts checks them against CHECKOUT_MESSAGES.
 */
export const TU_MESSAGES: Record<string, string> = {
  "Debe aceptar las condiciones de contratación": "Marca que el cliente acepta las condiciones de contratación",
  "Debe aceptar la política de privacidad": "Marca que el cliente acepta la política de privacidad",
  "Debe confirmar que ha leído el documento de información del producto (IPID)":
    "Marca que se ha informado al cliente del documento de información del producto (IPID)",
  "Esta cotización ya se ha contratado. Puede ver su póliza en Mi póliza.":
    "Esta cotización ya se ha contratado: su póliza está en la lista de pólizas.",
};

/** The "usted" imperatives of the shared messages and their "tú" form. */
const TU_VERBS: Record<string, string> = {
  elija: "elige",
  introduzca: "introduce",
  indique: "indica",
  escriba: "escribe",
  marque: "marca",
  vuelva: "vuelve",
  recargue: "recarga",
  inténtelo: "inténtalo",
  revise: "revisa",
  pruebe: "prueba",
  espere: "espera",
  consulte: "consulta",
  envíe: "envía",
  seleccione: "selecciona",
  pulse: "pulsa",
  compruebe: "comprueba",
};
/** Phrases where "su" is the person at the screen, not the customer (a rate limit, a refused request). */
const TU_PHRASES: Array<[RegExp, string]> = [
  [/(?<![\p{L}])desde su conexión(?![\p{L}])/gu, "desde tu conexión"],
  [/(?<![\p{L}])su petición(?![\p{L}])/gu, "tu petición"],
];
const VERB = new RegExp(`(?<![\\p{L}])(${Object.keys(TU_VERBS).join("|")})(?![\\p{L}])`, "giu");

/** A message of the shared forms in the screen's voice ("Introduzca un NIF…" → "Introduce un NIF…" in "tú"). */
export function inVoice(message: string, voice: Voice): string {
  if (voice === "usted") return message;
  const whole = TU_MESSAGES[message];
  if (whole) return whole;
  const phrased = TU_PHRASES.reduce((text, [usted, tu]) => text.replace(usted, tu), message);
  return phrased.replace(VERB, (word) => {
    const tu = TU_VERBS[word.toLowerCase()]!;
    return word[0] === word[0]!.toUpperCase() ? tu[0]!.toUpperCase() + tu.slice(1) : tu;
  });
}
