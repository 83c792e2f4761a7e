// The API package: tRPC routers, context and authorization, and the fetch handler that serves them.

export { type CertificatePage, certificateForPage, createCertificateHandlers } from "./approval-certificates";
export { createCalendarFeedHandler } from "./calendar-feed";
export { createFileDownloadHandler } from "./file-downloads";
export { guestCookieValue, guestOfCookie } from "./guest-review";
export { createTrpcHandler, refuseCrossSite } from "./handler";
export { readiness } from "./health";
export { imageQuota } from "./image-quota";
export { createInvoicePdfHandler, createInvoiceXmlHandler, startInvoiceReminders } from "./invoice-documents";
export { findFfmpeg } from "./media/ffmpeg";
export { startMediaProbes, uploadServerSource } from "./media/probes";
export { createProofAuditHandler } from "./proof-audit";
export { createProofZipHandler } from "./proof-zip";
export { readWithin } from "./read-within";
export { apiDocsPage } from "./rest/docs-page";
export { createRestHandler, tokenCaller } from "./rest/handler";
export { openApiDocument } from "./rest/openapi";
export { startReviewReminders } from "./review-deadlines";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./root";
export { type SigningKey, signingKeyFromPem } from "./signing-key";
export type { Context } from "./trpc";
export { createWebhookWorker, type WebhookWorker } from "./webhooks/worker";
export { wireTransformer } from "./wire-format";
