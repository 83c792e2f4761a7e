// Another app uploading a file into a project (docs/api.md, "Uploading from another app"), with an app's token and
// @atelier/upload-engine installed from its tarball (`npm install ./atelier-upload-engine-0.0.0.tgz`):
//   1. GET  /api/v1/projects/{id}/upload-ticket?kind=…  a ticket for the project's folder of that kind
//   2. the engine sends the file to the upload servers, part by part, read from disk as it goes: memory does not grow
//      with the file, however many gigabytes it has
//   3. POST /api/v1/projects/{id}/files                  records it as the project's file, with its SHA-256
//
//   ATELIER_URL=https://atelier.example ATELIER_TOKEN=atl_… node upload-from-app.mjs <project id> <file> [kind]
//
// `kind` is briefing, materials or print_ready (the default). Progress goes to stderr; the recorded file, as JSON, to
// stdout. A ticket lives for a while: a long upload asks for a new one before it runs out.
import { basename } from "node:path";
import { createUploader, sanitizeSegment } from "@atelier/upload-engine";
import { nodeBase64, nodeSha256, openFileSource } from "@atelier/upload-engine/node";

// biome-ignore lint/style/noProcessEnv: a script of another app, configured by its environment.
const { ATELIER_URL, ATELIER_TOKEN } = process.env;
const [projectId, path, kind = "print_ready"] = process.argv.slice(2);
if (!ATELIER_URL || !ATELIER_TOKEN || !projectId || !path) {
  console.error("Usage: ATELIER_URL=… ATELIER_TOKEN=… node upload-from-app.mjs <project id> <file> [kind]");
  process.exit(2);
}

async function call(method, route, body) {
  const res = await fetch(`${ATELIER_URL}/api/v1${route}`, {
    method,
    headers: { Authorization: `Bearer ${ATELIER_TOKEN}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body && JSON.stringify(body),
  });
  const answer = await res.json();
  // Errors are RFC 9457 problem details: status, code and a readable detail.
  if (!res.ok) throw new Error(`${method} ${route}: ${answer.status} ${answer.code}: ${answer.detail}`);
  return answer;
}

const ticketRoute = `/projects/${encodeURIComponent(projectId)}/upload-ticket?kind=${encodeURIComponent(kind)}`;
let ticket = await call("GET", ticketRoute);
/** The current ticket, renewed a minute before it runs out (the engine asks before every request). */
async function authorization() {
  if (new Date(ticket.expiresAt).getTime() - Date.now() < 60_000) ticket = await call("GET", ticketRoute);
  return { Authorization: `Bearer ${ticket.ticket}` };
}

const name = basename(path);
const source = await openFileSource(path, { name });
let reported = -1;
try {
  const uploader = createUploader({
    balancerUrl: ticket.balancerUrl,
    fetch: (url, init) => fetch(url, init),
    sha256: nodeSha256,
    base64: nodeBase64,
    headers: authorization,
  });
  const [outcome] = await uploader.upload([{ source, urlPath: `${ticket.folder}/${sanitizeSegment(name)}` }], {
    onProgress: ({ bytesUploaded, bytesTotal }) => {
      const percent = bytesTotal === 0 ? 100 : Math.floor((bytesUploaded / bytesTotal) * 100);
      if (percent !== reported) console.error(`${name}: ${percent} % of ${bytesTotal} bytes`);
      reported = percent;
    },
  });
  if (!outcome?.ok) throw outcome?.error ?? new Error("The upload answered nothing.");
  const recorded = await call("POST", `/projects/${encodeURIComponent(projectId)}/files`, {
    kind,
    files: [{ url: outcome.url, name, size: source.size, sha256: outcome.sha256 }],
  });
  console.log(JSON.stringify({ id: recorded.ids[0], url: outcome.url, size: source.size, sha256: outcome.sha256 }));
} finally {
  await source.close();
}
