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
  typescript: { ignoreBuildErrors: false },
};

export default config;
