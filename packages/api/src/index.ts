// The API package: tRPC routers, context and authorization, and the fetch handler that serves them.
export { appRouter, createCaller, type AppRouter } from "./root";
export { createTrpcHandler, refuseCrossSite, type TrpcHandlerOptions } from "./handler";
export { toTRPCError, DOMAIN_TO_TRPC, INTERNAL_MESSAGE } from "./errors";
export type { Context } from "./trpc";
