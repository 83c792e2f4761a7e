// Next.js configuration: our workspace packages are TypeScript source, the database drivers stay external.
import type { NextConfig } from "next";

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: [
    "@atelier/api",
    "@atelier/auth",
    "@atelier/db",
    "@atelier/domain",
    "@atelier/mail",
    "@atelier/ui",
    "@atelier/upload-engine",
    "@atelier/storage",
    "@atelier/observability",
  ],
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "nodemailer",
    "pdfkit",
    "@ffmpeg-installer/ffmpeg",
    "prom-client",
    "@opentelemetry/api",
    "pino",
    "pino-pretty",
  ],
  // The type check is a step of its own (`npm run typecheck`, the first step of `npm test`); the build does not
  // repeat it.
  typescript: { ignoreBuildErrors: true },
  // Approval certificates' public addresses (docs/approval-certificate.md), answered by one route handler.
  // Before the pages, so /verify/<id>.json is not taken for the page of an id ending in ".json".
  async rewrites() {
    return {
      beforeFiles: [
        { source: "/.well-known/atelier-signing-key", destination: "/api/certificates/signing-key" },
        { source: "/verify/:file([A-Za-z0-9_-]+\\.(?:json|pdf))", destination: "/api/certificates/:file" },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
};

export default config;
