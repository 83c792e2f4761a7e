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
  ],
  serverExternalPackages: ["@electric-sql/pglite", "pg", "nodemailer", "pdfkit"],
  // The type check is a step of its own (`npm run typecheck`, the first step of `npm test`); the build does not
  // repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default config;
