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

/** GET /public/lines — the product lines offered, for the home page and /cotizar. */
export const ProductLineSchema = z.object({
  code: z.enum(LINES),
  name: z.string(),
  description: z.string(),
  fromPrice: z.number().int().nullable().describe("Cheapest yearly base premium in cents, before factors and taxes"),
  plans: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ProductLine = z.infer<typeof ProductLineSchema>;
export const ProductLineListSchema = z.object({ lines: z.array(ProductLineSchema) });
