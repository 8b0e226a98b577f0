// The back-office dashboard counts. Shared with app/.
import { z } from "zod";

export const DashboardSchema = z.object({
  quotes: z.number().int().describe("Cotizaciones guardadas"),
  policies: z.number().int().describe("Pólizas"),
  clients: z.number().int().describe("Clientes (tomadores)"),
  adminUsers: z.number().int().describe("Usuarios activos del back office"),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
