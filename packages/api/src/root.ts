// The application's router: every procedure the web app and other internal apps may call.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { authRouter } from "./routers/auth";
import { businessesRouter } from "./routers/businesses";
import { calendarRouter } from "./routers/calendar";
import { commentsRouter } from "./routers/comments";
import { guestRouter } from "./routers/guest";
import { billingRouter, invoicesRouter } from "./routers/invoices";
import { mailRouter } from "./routers/mail";
import { postsRouter } from "./routers/posts";
import { projectsRouter } from "./routers/projects";
import { annotationsRouter, proofsRouter } from "./routers/proofs";
import { retainersRouter } from "./routers/retainers";
import { searchRouter } from "./routers/search";
import { servicesRouter } from "./routers/services";
import { settingsRouter } from "./routers/settings";
import { timeRouter } from "./routers/time";
import { tokensRouter } from "./routers/tokens";
import { uploadsRouter } from "./routers/uploads";
import { usersRouter } from "./routers/users";
import { webhooksRouter } from "./routers/webhooks";
import { workloadRouter } from "./routers/workload";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  users: usersRouter,
  settings: settingsRouter,
  auth: authRouter,
  uploads: uploadsRouter,
  businesses: businessesRouter,
  projects: projectsRouter,
  comments: commentsRouter,
  proofs: proofsRouter,
  annotations: annotationsRouter,
  invoices: invoicesRouter,
  billing: billingRouter,
  posts: postsRouter,
  mail: mailRouter,
  workload: workloadRouter,
  search: searchRouter,
  guest: guestRouter,
  webhooks: webhooksRouter,
  tokens: tokensRouter,
  calendar: calendarRouter,
  time: timeRouter,
  services: servicesRouter,
  retainers: retainersRouter,
});

export type AppRouter = typeof appRouter;
/** What each procedure takes and answers, as a client sees them: read from the router, never written out by hand. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
