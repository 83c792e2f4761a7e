// The REST API's routes (docs/api.md): each is one procedure of the app router, called as the token's owner, with the
// scope a token needs for it. The path's parameters are the procedure's input fields of the same name; the rest of the
// input comes from the query (GET) or the JSON body (POST). What a procedure allows is the procedure's business.
import { type ApiScope, idInput, THREAD_PAGE_SIZE } from "@atelier/domain";
import { z } from "zod";

export interface RestRoute {
  method: "GET" | "POST";
  /** Under /api/v1, with `{field}` for each input field the path carries. */
  path: string;
  /** The procedure's dotted path in the app router. */
  procedure: string;
  scope: ApiScope;
  summary: string;
  /** The part of the procedure's answer this route answers, when not all of it. */
  pick?: (output: never) => unknown;
  /**
   * For a list whose procedure takes its position as an object: the `cursor` of the query (the `nextCursor` the route
   * answered, an opaque string) as the procedure's value; undefined for a string this route never answered.
   */
  cursor?: (text: string) => unknown;
}

// A thread's position (the oldest comment shown: its time and id) as an opaque string in a query, and back.
const threadPosition = z.object({ t: z.iso.datetime(), id: idInput });
const encodeThreadCursor = (comment: { createdAt: Date; id: string }) =>
  Buffer.from(JSON.stringify({ t: comment.createdAt.toISOString(), id: comment.id })).toString("base64url");
function decodeThreadCursor(text: string) {
  try {
    const position = threadPosition.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
    return { createdAt: new Date(position.t), id: position.id };
  } catch {
    return undefined;
  }
}

export const REST_ROUTES: readonly RestRoute[] = [
  {
    method: "GET",
    path: "/projects",
    procedure: "projects.list",
    scope: "projects:read",
    summary: "One page of projects, with the app's filters; `nextCursor` asks for the next page.",
  },
  { method: "POST", path: "/projects", procedure: "projects.create", scope: "projects:write", summary: "Starts a project." },
  {
    method: "GET",
    path: "/projects/{id}",
    procedure: "projects.byId",
    scope: "projects:read",
    summary: "One project, with its files and print-ready check.",
  },
  {
    method: "GET",
    path: "/projects/{id}/files",
    procedure: "projects.byId",
    scope: "projects:read",
    summary: "A project's files.",
    pick: (project: { files: unknown[] }) => ({ items: project.files }),
  },
  {
    method: "POST",
    path: "/projects/{projectId}/files",
    procedure: "projects.addFiles",
    scope: "files:write",
    summary:
      "Records files uploaded with the project's upload ticket as its files of `kind` (each by the `url` the upload engine answered).",
  },
  {
    method: "GET",
    path: "/projects/{projectId}/comments",
    procedure: "comments.byProject",
    scope: "projects:read",
    summary:
      "One page of a project's thread, oldest first: the latest page, then `cursor=<nextCursor>` for the page before, until `nextCursor` is null.",
    // A full page may have one before it; a shorter one is the thread's start.
    pick: (items: { createdAt: Date; id: string }[]) => ({
      items,
      nextCursor: items.length === THREAD_PAGE_SIZE && items[0] ? encodeThreadCursor(items[0]) : null,
    }),
    cursor: decodeThreadCursor,
  },
  {
    method: "POST",
    path: "/projects/{projectId}/comments",
    procedure: "comments.create",
    scope: "comments:write",
    summary: "Comments in a project's thread.",
  },
  {
    method: "GET",
    path: "/projects/{projectId}/proofs",
    procedure: "proofs.list",
    scope: "projects:read",
    summary: "A project's proof rounds and their decisions.",
    pick: (items: unknown[]) => ({ items }),
  },
  {
    method: "GET",
    path: "/proofs/{proofId}/certificate",
    procedure: "proofs.certificateUrl",
    scope: "projects:read",
    summary:
      "An approved round's signed approval certificate: its id and public links to the PDF, the verify page and the JSON record (docs/approval-certificate.md).",
  },
  {
    method: "GET",
    path: "/projects/{projectId}/upload-ticket",
    procedure: "uploads.ticket",
    scope: "files:write",
    summary: "A ticket for the upload engine to upload files of one kind into the project's folder.",
  },
  {
    method: "GET",
    path: "/invoices",
    procedure: "invoices.list",
    scope: "invoices:read",
    summary: "The studio's invoices, one page, newest first (staff).",
  },
  {
    method: "GET",
    path: "/billing/invoices",
    procedure: "billing.invoices",
    scope: "invoices:read",
    summary: "The caller's business's sent invoices and credit notes (clients).",
    pick: (items: unknown[]) => ({ items }),
  },
  {
    method: "GET",
    path: "/invoices/{id}",
    procedure: "invoices.byId",
    scope: "invoices:read",
    summary: "One invoice: lines, totals, payments and balance.",
  },
  {
    method: "GET",
    path: "/invoices/{id}/pdf",
    procedure: "invoices.pdfUrl",
    scope: "invoices:read",
    summary: "A short-lived signed link to the invoice's PDF (a Factur-X PDF/A-3 once the legal details are complete).",
  },
  {
    method: "GET",
    path: "/invoices/{id}/xml",
    procedure: "invoices.xmlUrl",
    scope: "invoices:read",
    summary: "A short-lived signed link to the invoice's EN 16931 XML; ?syntax=cii or ubl.",
  },
];

/** The names of a route path's parameters, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** The route for a method and a path under /api/v1, with its parameters; undefined when none, `methods` when only the method is wrong. */
export function matchRoute(method: string, path: string) {
  const segments = path.split("/").filter(Boolean);
  const methods: string[] = [];
  for (const route of REST_ROUTES) {
    const parts = route.path.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, i) => {
      const segment = segments[i] as string;
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) params[name] = decodeURIComponent(segment);
      return name !== undefined || part === segment;
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    methods.push(route.method);
  }
  return methods.length ? { methods } : undefined;
}
