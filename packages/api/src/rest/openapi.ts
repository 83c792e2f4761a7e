// The OpenAPI 3.1 document of /api/v1, made from the route table and the procedures' own zod input schemas (zod's JSON
// Schema is draft 2020-12, OpenAPI 3.1's dialect): nothing of it is written out by hand, so it cannot drift.
import { API_SCOPES } from "@atelier/domain";
import { z } from "zod";
import { appRouter } from "../root";
import { pathParams, REST_ROUTES, type RestRoute } from "./routes";

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; [key: string]: unknown };

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[]; type: string } }>;

/** The JSON Schema of a route's procedure input, as a caller sends it (defaults optional). */
export function inputSchema(route: RestRoute): JsonSchema {
  const procedure = procedures[route.procedure];
  if (!procedure) throw new Error(`No procedure ${route.procedure} for ${route.method} ${route.path}.`);
  const [input] = procedure._def.inputs;
  if (!input) return { type: "object", properties: {} };
  const { $schema: _dialect, ...schema } = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return schema;
}

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

function operation(route: RestRoute) {
  const schema = inputSchema(route);
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const inPath = pathParams(route.path);
  const parameters: object[] = inPath.map((name) => ({ name, in: "path", required: true, schema: properties[name] ?? { type: "string" } }));
  let requestBody: object | undefined;
  const rest = Object.keys(properties).filter((name) => !inPath.includes(name));
  if (route.method === "GET") {
    for (const name of rest) {
      const schema =
        route.cursor && name === "cursor"
          ? { type: "string", description: "The `nextCursor` of the page answered before, as it came." }
          : properties[name];
      parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  } else {
    const body = {
      ...schema,
      properties: Object.fromEntries(rest.map((name) => [name, properties[name]])),
      required: [...required].filter((name) => !inPath.includes(name)),
    };
    requestBody = { required: true, content: { "application/json": { schema: body } } };
    if ("requestId" in properties) {
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description: "Sent again with the same value, the call answers its first result instead of creating again.",
        schema: properties.requestId,
      });
    }
  }
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/\{(\w+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: route.summary,
    description: `Needs the \`${route.scope}\` scope. Calls the \`${route.procedure}\` procedure.`,
    tags: [route.path.split("/")[1] as string],
    security: [{ bearer: [route.scope] }],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      "200": { description: "The procedure's answer, as JSON.", content: { "application/json": { schema: {} } } },
      "400": problem("The input is not valid: `errors` lists each issue."),
      "401": problem("No token, or one that is unknown, revoked or expired."),
      "403": problem("The token lacks the scope, or its owner may not do this."),
      "404": problem("No such record, or none its owner may see."),
      "429": problem("Too many calls with this token: wait for Retry-After seconds."),
    },
  };
}

/** The whole document; `serverUrl` is where /api/v1 is served. */
export function openApiDocument(serverUrl = "/api/v1") {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of REST_ROUTES) {
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, object>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Atelier API",
      version: "1",
      description: "Atelier's REST API for other apps. Authenticate with `Authorization: Bearer <token>`; see /api/docs.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: `An API token (atl_…). Scopes: ${API_SCOPES.join(", ")}.` },
      },
      schemas: {
        Problem: {
          type: "object",
          description: "An RFC 9457 problem details object.",
          properties: {
            type: { type: "string" },
            title: { type: "string" },
            status: { type: "integer" },
            detail: { type: "string" },
            code: { type: "string", description: "The error's code, as the app's own calls name it (NOT_FOUND, FORBIDDEN…)." },
            errors: { type: "array", items: { type: "object" }, description: "The input's issues, on a 400." },
          },
          required: ["type", "title", "status"],
        },
      },
    },
  };
}
