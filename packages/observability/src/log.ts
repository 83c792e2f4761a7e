// Every process's log (README, "Monitoring"): JSON lines in production (pino), one readable line per entry otherwise.
// Nothing secret is written: headers that carry credentials are redacted wherever they sit, and requests are logged by
// their route pattern, never by their URL (a sign-in link's token, a file token, a search).
import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

const KEY = Symbol.for("atelier.log.root");
type Holder = { [KEY]?: Logger };

/** Header names whose values are credentials, and the fields under which a log entry may carry headers. */
const REDACTED = ["authorization", "cookie", "set-cookie", "x-api-key"].flatMap((name) => [
  `headers.${name}`,
  `req.headers.${name}`,
  `res.headers["${name}"]`,
  `headers["${name}"]`,
]);

function root(): Logger {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const options = { redact: { paths: REDACTED, censor: "[redacted]" }, base: { pid: process.pid } };
    // biome-ignore lint/style/noProcessEnv: how to write the log is the process's, read once here
    const production = process.env.NODE_ENV === "production" && process.env.LOG_FORMAT !== "pretty";
    holder[KEY] = production
      ? pino(options)
      : pino(options, pretty({ sync: true, colorize: false, ignore: "pid,hostname", translateTime: "HH:MM:ss.l" }));
  }
  return holder[KEY];
}

/** The log of one part of a process (`web`, `upload-server`, `outbox`…). */
export function logger(component: string): Logger {
  return root().child({ component });
}

/** The header a request's id travels in, from the edge into the upload servers. */
export const REQUEST_ID_HEADER = "x-request-id";

/** A request's id: the one a caller (a proxy in front, the web app) sent when it looks like one, else a new one. */
export function requestIdFrom(sent: string | string[] | undefined): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value && /^[A-Za-z0-9._:-]{8,64}$/.test(value) ? value : randomUUID();
}
