// The business page's data, as businesses.byId answers it.
import type { RouterOutputs } from "@atelier/api";

export type BusinessPageData = RouterOutputs["businesses"]["byId"];
