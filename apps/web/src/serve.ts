// The web app's HTTP server (`npm start`): the built Next app behind a few rules that must hold before Next sees a request.
// It binds to HOST (loopback unless configured), records each request's socket address for the routes, keeps the
// dev mailbox to this machine, sets the security headers on every response, and sends the API's answers whole.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import next from "next";
import { type Config, EnvError, loadServerConfig } from "./env";
import { CLIENT_ADDRESS_HEADER } from "./server/client-address";
import { isDevMailPath, mayReadDevMail } from "./server/dev-mailbox-gate";
import { SECURITY_HEADERS } from "./server/security-headers";
import { sendWholeAnswer } from "./server/whole-answers";

let config: Config;
try {
  config = loadServerConfig();
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

const app = next({ dev: false, dir: fileURLToPath(new URL("..", import.meta.url)), hostname: config.HOST, port: config.PORT });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  // Whatever a client sends under this name, the routes see the socket's own address.
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  if (
    isDevMailPath(req.url) &&
    !(config.devMailbox && mayReadDevMail({ boundHost: config.HOST, remoteAddress: req.socket.remoteAddress, headers: req.headers }))
  ) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
    return;
  }
  if (req.url?.startsWith("/api/trpc/")) sendWholeAnswer(req, res);
  handle(req, res).catch((error: unknown) => {
    console.error("request failed:", error);
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  });
});

server.on("error", (error) => {
  console.error(`The web server cannot listen on ${config.HOST}:${config.PORT}:`, error.message);
  process.exit(1);
});
server.listen(config.PORT, config.HOST, () => console.log(`Web server listening on http://${config.HOST}:${config.PORT}`));

function shutdown(): void {
  server.close();
  void app.close().finally(() => process.exit(0));
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, shutdown);
// Started by `npm start`'s supervisor: its channel closes when the supervisor is gone, however it ended.
process.once("disconnect", shutdown);
