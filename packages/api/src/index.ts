// The API package: tRPC routers, context and authorization, and the fetch handler that serves them.

export { DOMAIN_TO_TRPC, INTERNAL_MESSAGE, toTRPCError } from "./errors";
export { createFileDownloadHandler } from "./file-downloads";
export { createTrpcHandler, refuseCrossSite, type TrpcHandlerOptions } from "./handler";
export { imageQuota } from "./image-quota";
export { createInvoicePdfHandler, remindOverdueInvoices, startInvoiceReminders } from "./invoice-documents";
export { createProofZipHandler } from "./proof-zip";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./root";
export type { Context } from "./trpc";
export { wireTransformer } from "./wire-format";
