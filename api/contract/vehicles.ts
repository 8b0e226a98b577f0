// GET /public/vehicles — the car brands and models a quote may name. Shared with app/: the
// /cotizar form lists exactly what the API accepts.
import { z } from "zod";

export { isVehicleModel, modelsOf, VEHICLE_BRANDS, VEHICLE_MESSAGES } from "../domain/vehicles";

export const VehicleListSchema = z.object({
  brands: z
    .array(
      z.object({
        brand: z.string().describe("Marca, tal como se envía en vehicleBrand"),
        models: z.array(z.string()).describe("Sus modelos, tal como se envían en vehicleModel"),
      }),
    )
    .describe("Las marcas en orden alfabético, cada una con sus modelos principales"),
});
export type VehicleList = z.infer<typeof VehicleListSchema>;
