// The REST API's readable page (docs/api.md), made from /api/v1/openapi.json's document.
import { apiDocsPage, openApiDocument } from "@atelier/api";

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(apiDocsPage(openApiDocument()), { headers: { "content-type": "text/html; charset=utf-8" } });
}
