// One runnable bundle of the server, so production and the benchmark start under plain node
// instead of paying for a TypeScript loader in every process's memory.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: { main: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  // Workspace packages export TypeScript source, which plain node cannot load.
  noExternal: [/^@atelier\//],
  // Real npm dependencies stay imports; the S3 SDK in particular is only loaded for --store s3, and OpenTelemetry's
  // SDK only with OTEL_EXPORTER_OTLP_ENDPOINT.
  external: ["@aws-sdk/client-s3", "zod", "prom-client", "pino", "pino-pretty", /^@opentelemetry\//],
  // The roles' dynamic imports become chunks, so each process still loads only its own role.
  splitting: true,
  sourcemap: true,
  removeNodeProtocol: false,
});
