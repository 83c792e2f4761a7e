// A script from another app using Atelier's REST API (docs/api.md) with plain Node 20 and nothing installed:
// it lists the token's projects, reads the first one's thread, and comments in it once, however often it runs.
//   ATELIER_URL=https://atelier.example ATELIER_TOKEN=atl_… node docs/examples/api-client.mjs "Synced from the print shop"
// biome-ignore lint/style/noProcessEnv: a script of another app, configured by its environment.
const { ATELIER_URL, ATELIER_TOKEN } = process.env;
const base = `${ATELIER_URL}/api/v1`;
const headers = { Authorization: `Bearer ${ATELIER_TOKEN}`, "Content-Type": "application/json" };

async function call(method, path, body, extra = {}) {
  const res = await fetch(`${base}${path}`, { method, headers: { ...headers, ...extra }, body: body && JSON.stringify(body) });
  const answer = await res.json();
  // Errors are RFC 9457 problem details: status, code and a readable detail.
  if (!res.ok) throw new Error(`${method} ${path}: ${answer.status} ${answer.code}: ${answer.detail}`);
  return answer;
}

const { items: projects } = await call("GET", "/projects?limit=10");
const [project] = projects;
if (!project) throw new Error("No project to comment on.");
const { items: thread } = await call("GET", `/projects/${project.id}/comments`);
const text = process.argv[2] ?? "Hello from another app";
// The same Idempotency-Key again answers the first comment instead of posting twice.
const comment = await call("POST", `/projects/${project.id}/comments`, { body: text }, { "Idempotency-Key": `example-${project.id}` });
console.log(JSON.stringify({ project: project.id, before: thread.length, comment: comment.id }));
