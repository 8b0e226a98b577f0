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
