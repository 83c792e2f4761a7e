// /api/docs: the OpenAPI document read aloud as one HTML page (auth, scopes, paging, errors, then every route with its
// parameters), made from the document itself so the page and the API cannot disagree. docs/api.md says the same in prose.
import { API_RATE_LIMIT, API_SCOPES } from "@atelier/domain";
import type { openApiDocument } from "./openapi";

type Schema = { type?: string | string[]; enum?: unknown[]; anyOf?: Schema[]; maxLength?: number; description?: string; default?: unknown };
type Parameter = { name: string; in: string; required: boolean; schema?: Schema; description?: string };
type Operation = {
  summary: string;
  description: string;
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: { properties?: Record<string, Schema>; required?: string[] } } } };
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
/** Text with `code` spans, as the document's summaries write them. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  const type = [schema.type ?? "any"].flat().join(" | ");
  return schema.maxLength ? `${type} (≤ ${schema.maxLength})` : type;
}

function fields(rows: { name: string; where: string; required: boolean; schema?: Schema }[]) {
  if (rows.length === 0) return "";
  const body = rows
    .map(
      (r) =>
        `<tr><td>${code(r.name)}</td><td>${r.where}</td><td>${escapeHtml(typeOf(r.schema))}</td><td>${r.required ? "yes" : ""}</td></tr>`,
    )
    .join("");
  return `<table><thead><tr><th>field</th><th>in</th><th>type</th><th>required</th></tr></thead><tbody>${body}</tbody></table>`;
}

export function apiDocsPage(doc: ReturnType<typeof openApiDocument>): string {
  const routes = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, Operation>).map(([method, op]) => {
        const body = op.requestBody?.content["application/json"].schema;
        const rows = [
          ...op.parameters.map((p) => ({ name: p.name, where: p.in, required: p.required, schema: p.schema })),
          ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
            name,
            where: "body",
            required: body?.required?.includes(name) ?? false,
            schema,
          })),
        ];
        return `<section><h3>${code(`${method.toUpperCase()} /api/v1${path}`)}</h3><p>${prose(op.summary)}</p><p>${prose(op.description)}</p>${fields(rows)}</section>`;
      }),
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Atelier API</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#111}
code,pre{font-family:ui-monospace,monospace;font-size:.9em;background:#f4f4f5;border-radius:4px;padding:.1em .3em}
pre{padding:.75rem;overflow-x:auto}table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
td,th{border-bottom:1px solid #e4e4e7;padding:.25rem .5rem;text-align:left;vertical-align:top}section{margin:1.5rem 0}
h3{overflow-wrap:anywhere}
</style></head><body>
<h1>Atelier API</h1>
<p>Everything under <code>/api/v1</code> is described by <a href="/api/v1/openapi.json">the OpenAPI 3.1 document</a>; this page is made from it.</p>
<h2>Authentication</h2>
<p>Make a token under Settings → API tokens, then send it on every call as <code>Authorization: Bearer atl_…</code>. A token acts as
the person who made it, never beyond its scopes, and only as far as that person may go: a client's token sees its own business only.
A revoked or expired token is refused with 401 at once. Each token may make ${API_RATE_LIMIT.calls} calls a minute; beyond that the answer is 429 with <code>Retry-After</code>.</p>
<h2>Scopes</h2>
<p>${API_SCOPES.map(code).join(", ")}. <code>admin</code> allows every other scope and only an admin may grant it.</p>
<h2>Paging</h2>
<p>A list answers <code>{ items, nextCursor }</code>; send <code>cursor=nextCursor</code> for the next page, until it is <code>null</code>. <code>limit</code> sets the page size.</p>
<h2>Errors</h2>
<p>Errors are RFC 9457 problem details (<code>application/problem+json</code>): <code>{ type, title, status, code, detail }</code>, with <code>errors</code>
(each <code>{ path, message, code }</code>) on a 400. 401 no or a dead token, 403 a missing scope (<code>INSUFFICIENT_SCOPE</code>) or not allowed, 404 no such record or
none you may see, 429 too many calls.</p>
<h2>Example</h2>
<pre>curl -H "Authorization: Bearer $ATELIER_TOKEN" "$APP_URL/api/v1/projects?stage=proof_sent&amp;limit=10"</pre>
<h2>Routes</h2>
${routes}
</body></html>`;
}
