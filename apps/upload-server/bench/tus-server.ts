// The comparison peer for the benchmark: @tus/server with @tus/file-store, announcing its url on stdout.
import { createServer } from "node:http";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";

const directory = process.argv[2] ?? ".data/tus";
const tus = new Server({ path: "/files", datastore: new FileStore({ directory }) });
const server = createServer((req, res) => {
  void tus.handle(req, res);
});
server.requestTimeout = 0;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
