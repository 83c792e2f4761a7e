// One attempt of one delivery: the body signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature;
// the `standardwebhooks` package signs), POSTed to the endpoint with node:http, whose `lookup` checks every address it
// connects to (addresses.ts). A 2xx answer delivers it; anything else, a redirect included (never followed), or no answer
// within the timeout is a failed attempt.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { performance } from "node:perf_hooks";
import { Webhook } from "standardwebhooks";
import { assertLiteralAllowed, guardedLookup } from "./addresses";

export interface OutgoingWebhook {
  url: string;
  secret: string;
  /** The delivery's id, the same on every attempt. */
  id: string;
  body: string;
  /** When it is signed and sent. */
  at: Date;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface SendResult {
  ok: boolean;
  /** The endpoint's HTTP status, or null when it did not answer. */
  status: number | null;
  responseMs: number;
  error: string | null;
}

/** What of an answer's body is kept with a failed attempt, for an admin reading why. */
const ERROR_BODY_CHARS = 200;
const READ_LIMIT_BYTES = 4096;

/** The headers that carry the signature, from the endpoint's secret. */
function signedHeaders(webhook: Pick<OutgoingWebhook, "secret" | "id" | "body" | "at">): Record<string, string> {
  return {
    "webhook-id": webhook.id,
    "webhook-timestamp": String(Math.floor(webhook.at.getTime() / 1000)),
    "webhook-signature": new Webhook(webhook.secret).sign(webhook.id, webhook.at, webhook.body),
  };
}

/** The first bytes of an answer: enough to say why it failed, never the whole of a large one. */
async function readSome(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    if (size < READ_LIMIT_BYTES) chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks).toString("utf8").slice(0, ERROR_BODY_CHARS);
}

export async function sendWebhook(webhook: OutgoingWebhook, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null = null): SendResult => ({ ok: false, status, responseMs: elapsed(), error });
  let url: URL;
  try {
    url = new URL(webhook.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") return failed("not an http or https URL");
    assertLiteralAllowed(url, options.allowPrivate);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const body = Buffer.from(webhook.body, "utf8");
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = send(url, {
        method: "POST",
        lookup: guardedLookup(options.allowPrivate),
        headers: {
          "content-type": "application/json",
          "content-length": String(body.length),
          "user-agent": "Atelier-Webhooks",
          ...signedHeaders(webhook),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      req.on("response", resolve);
      req.on("error", reject);
      req.end(body);
    });
    const status = response.statusCode ?? 0;
    const text = await readSome(response);
    if (status >= 200 && status < 300) return { ok: true, status, responseMs: elapsed(), error: null };
    if (status >= 300 && status < 400)
      return failed(
        `HTTP ${status}: redirects are not followed (to ${(response.headers.location ?? "nowhere").slice(0, ERROR_BODY_CHARS)})`,
        status,
      );
    return failed(`HTTP ${status}${text ? `: ${text}` : ""}`, status);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
    return failed(timedOut ? `no answer within ${options.timeoutMs / 1000} s` : error instanceof Error ? error.message : String(error));
  }
}
