// A real HTTP server on 127.0.0.1 that takes webhooks as an endpoint would: it records every request (path, headers,
// the body byte for byte) and answers what the test tells it to, per path.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

interface Receipt {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  receipts: Receipt[];
  /** How a request to a path is answered; 200 unless the test says otherwise. */
  reply: (path: string) => Reply;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, "url" | "close"> = { receipts: [], reply: () => ({ status: 200 }) };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const { status, headers } = receiver.reply(path);
      receiver.receipts.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      res.writeHead(status, headers).end(status >= 400 ? "endpoint says no" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
