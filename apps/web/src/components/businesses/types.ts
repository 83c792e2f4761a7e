// The business page's data, as businesses.byId answers it.
import type { AppRouter } from "@atelier/api";
import type { inferRouterOutputs } from "@trpc/server";

export type BusinessPageData = inferRouterOutputs<AppRouter>["businesses"]["byId"];
