// Command-line entry: validates flags and environment, builds one role, and listens.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { startTracing } from "@atelier/observability/tracing";
import { s3StoreOptions } from "@atelier/storage/settings";
import { type CliConfig, parseCli } from "./env";
import type { HttpServer } from "./http";

type ServerCli = Extract<CliConfig, { role: "server" }>;

// Each role loads only its own modules: an upload server's memory is part of its budget.
// Read at start-up: a missing or unreadable file stops the process with its path in the message.
function tlsFor(config: CliConfig) {
  if (config.tlsCert === undefined || config.tlsKey === undefined) return {};
  return { tls: { cert: readFileSync(config.tlsCert, "utf8"), key: readFileSync(config.tlsKey, "utf8") } };
}

async function build(config: CliConfig): Promise<HttpServer> {
  if (config.role === "balancer") {
    const { createBalancer } = await import("./balancer");
    return createBalancer({
      servers: config.servers,
      webOrigin: config.webOrigin,
      trustedProxies: config.trustedProxies,
      metricsToken: config.METRICS_TOKEN,
      ...tlsFor(config),
    });
  }
  const { createUploadServer } = await import("./upload-server");
  return createUploadServer({
    store: await storeFor(config),
    secret: config.UPLOAD_SECRET,
    webOrigin: config.webOrigin,
    publicUrl: config.publicUrl,
    binaryParts: config.binaryParts,
    metricsToken: config.METRICS_TOKEN,
    ...tlsFor(config),
    onError: (error) => console.error("[upload-server]", error),
  });
}

async function storeFor(config: ServerCli) {
  const { createFsStore, createS3Store } = await import("@atelier/storage");
  if (config.store !== "s3") return createFsStore({ root: resolve(config.store) });
  if (!config.s3) throw new Error("--store s3 needs S3_BUCKET");
  return createS3Store(s3StoreOptions(config.s3));
}

const config = parseCli(process.argv.slice(2), process.env);
// Before the role's modules load (README, "Traces"): nothing of the SDK is loaded without OTEL_EXPORTER_OTLP_ENDPOINT.
const tracing = await startTracing(config.role === "balancer" ? "atelier-upload-balancer" : "atelier-upload-server");
const server = await build(config);

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // One parseable line, so a parent process can learn the port when it asked for port 0.
  const scheme = config.tlsCert ? "https" : "http";
  console.log(JSON.stringify({ role: config.role, url: `${scheme}://${config.host}:${port}` }));
});

/** How long a stopping server lets the requests in flight finish: a 10 MiB part on a slow line, with room to spare. */
const SHUTDOWN_GRACE_MS = 25_000;
let stopping = false;

// A graceful stop: parts being received are received and answered, new ones go to the other servers (the client
// asks the balancer again when a connection is refused); then the last spans are sent.
function shutdown(): void {
  if (stopping) return;
  stopping = true;
  void server
    .drain(SHUTDOWN_GRACE_MS)
    .then(() => tracing.stop())
    .then(() => process.exit(0));
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, shutdown);
// Started by `npm start`'s supervisor: its channel closes when the supervisor is gone, however it ended.
process.once("disconnect", shutdown);
