// What /garantias shows (app/routes/garantias.tsx): the loader's data for each kind of visitor
// and the names of its GET form's fields. Plain module: the page's components read it too.
import type { GuaranteeCatalogue, GuaranteeOptions } from "../../api/contract/endorsements";
import type { PolicySummary } from "../../api/contract/policies";

export const POLICY_PARAM = "poliza";
export const DATE_PARAM = "fecha";
export const GUARANTEE_PARAM = "garantia";

/** Anyone without a policy in force: the guarantees of each line. */
export type PublicData = { mode: "public"; signedIn: boolean; catalogue: GuaranteeCatalogue };
/** A customer with several policies in force and none chosen yet. */
export type ChooseData = { mode: "choose"; policies: PolicySummary[] };
/** A customer adding guarantees to one policy: its options, what was ticked, and the GET form's problem. */
export type CustomerData = {
  mode: "customer";
  policies: PolicySummary[];
  options: GuaranteeOptions;
  chosen: string[];
  problem: { field: "fecha" | "garantia"; message: string } | null;
  idempotencyKey: string;
};
export type GuaranteesPageData = PublicData | ChooseData | CustomerData;
