// The web server (src/serve.ts) as one file for plain node, so production needs no TypeScript loader.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: { serve: "src/serve.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  // next, zod and prom-client stay imports of the installed packages (one prom-client and one pino for this file and the routes); our own modules are bundled, workspace packages too (they
  // are TypeScript, which plain node does not run): import them by the subpath of the one module needed. OpenTelemetry
  // stays installed too: one API for this file and the routes, and its SDK is loaded only when tracing is on.
  external: ["next", "zod", "prom-client", "pino", "pino-pretty", /^@opentelemetry\//],
  noExternal: [/^@atelier\//],
  sourcemap: true,
  removeNodeProtocol: false,
});
