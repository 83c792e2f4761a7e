// Traces (README, "Monitoring"): with OTEL_EXPORTER_OTLP_ENDPOINT set, a process sends its spans there over OTLP/HTTP.
// Without it nothing of OpenTelemetry's SDK is loaded (its import below is behind the check) and the helpers of
// spans.ts cost a property read. Each process calls startTracing first thing, before it loads node-postgres, so the
// instrumentation sees pg's modules load.
import { logger } from "./log";
import { markTracingOn } from "./spans";

export interface Tracing {
  /** Sends the spans still buffered and stops the SDK: within STOP_MS, and never throws. */
  stop(): Promise<void>;
}

/**
 * How long a stopping process waits for its last spans: a collector answers in milliseconds, and one that is down (the
 * exporter retries it) must not hold up the exit.
 */
const STOP_MS = 2_000;

const OFF: Tracing = { stop: async () => {} };

const KEY = Symbol.for("atelier.tracing");
type Holder = { [KEY]?: Promise<Tracing> };

/**
 * Starts tracing as `serviceName` (OTEL_SERVICE_NAME overrides it) when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces
 * one, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set and OTEL_SDK_DISABLED is not `true`. Called again, it answers the
 * first call's. A failure to start is logged and the process goes on untraced.
 */
export function startTracing(serviceName: string): Promise<Tracing> {
  const holder = globalThis as Holder;
  holder[KEY] ??= start(serviceName);
  return holder[KEY];
}

async function start(serviceName: string): Promise<Tracing> {
  // biome-ignore lint/style/noProcessEnv: OpenTelemetry's own variables, which its exporter reads from the environment too
  const env = process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === "true") return OFF;
  const log = logger("tracing");
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || "http/protobuf";
  if (protocol !== "http/protobuf" && protocol !== "http/json") {
    log.error(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported (use http/protobuf or http/json): no traces are sent`);
    return OFF;
  }
  try {
    const { startSdk } = await import("./tracing-sdk");
    const sdk = await startSdk({ serviceName, protocol, log });
    markTracingOn();
    log.info({ protocol, service: serviceName }, "sending traces over OTLP");
    return {
      async stop() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, STOP_MS);
          timer.unref();
        });
        await Promise.race([sdk.shutdown().catch((error: unknown) => log.warn({ err: error }, "traces not flushed")), late]);
        clearTimeout(timer);
      },
    };
  } catch (error) {
    log.error({ err: error }, "tracing not started; the process runs without it");
    return OFF;
  }
}
