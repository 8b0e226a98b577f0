import { z } from "zod";
import { LINES } from "./vocabulary";

/** GET /public/site — what every page shows about the distributor (footer, legal pages). */
export const SiteInfoSchema = z.object({
  distributorName: z.string(),
  distributorTaxId: z.string(),
  registrationNumber: z.string().describe("Clave de inscripción en el Registro de distribuidores de la DGSFP, p. ej. J-3921"),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  complaintsEmail: z.string(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

/** The insurance company that carries a line's risk (a policy's, or the one a checkout would sell). */
export const InsurerSchema = z.object({
  name: z.string().describe("Razón social de la entidad aseguradora"),
  taxId: z.string().optional().describe("NIF de la entidad"),
  dgsfpKey: z.string().optional().describe("Clave de la entidad en el registro de la DGSFP, p. ej. C0999"),
  address: z.string().optional().describe("Domicilio social"),
});
export type InsurerAnswer = z.infer<typeof InsurerSchema>;

/** The profile a line's "desde" price assumes (ADR 023): POST /quotes with these inputs gives that price. */
export const FromPriceBasisSchema = z.object({
  description: z.string().describe("El perfil en palabras, p. ej. «Conductor de 45 años en Madrid…»"),
  plan: z.object({ code: z.string(), name: z.string() }).describe("El plan más barato para ese perfil"),
  frequency: z.literal("anual").describe("Pago en un solo recibo anual"),
  inputs: z.record(z.unknown()).describe("Los datos del perfil tal como los toma POST /quotes (importes en céntimos, fechas aaaa-mm-dd)"),
});
export type FromPriceBasis = z.infer<typeof FromPriceBasisSchema>;

/** GET /public/lines — the product lines offered, for the home page and /cotizar. */
export const ProductLineSchema = z.object({
  code: z.enum(LINES),
  name: z.string(),
  description: z.string(),
  fromPrice: z
    .number()
    .int()
    .nullable()
    .describe(
      "«Desde»: prima total anual en céntimos (recargos e impuestos incluidos) del plan más barato para el perfil de fromPriceBasis, con la tarifa en vigor; null si la tarifa no puede cotizar ese perfil",
    ),
  fromPriceBasis: FromPriceBasisSchema.nullable().describe("El perfil, el plan y la forma de pago del precio «desde»; null cuando fromPrice es null"),
  plans: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ProductLine = z.infer<typeof ProductLineSchema>;
export const ProductLineListSchema = z.object({ lines: z.array(ProductLineSchema) });
