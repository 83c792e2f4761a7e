// A project's proof audit trail as a download for staff (docs/proof-audit.md), at domain's proofAuditPath:
// /api/projects/{id}/audit?format=csv or json. The events are db's proofAuditEvents; the same rows in both formats,
// CSV's cells guarded for spreadsheets.
import { type Db, findProject, proofAuditEvents } from "@atelier/db";
import { AUDIT_COLUMNS, auditRow, canSeeProject, isStaff, projectDisplayName, type SessionUser, spreadsheetSafe } from "@atelier/domain";
import { stringify } from "csv-stringify/sync";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** A file name from the project's name: letters, digits, dots and dashes only. */
const fileName = (name: string, format: string) => `${name.replace(/[^A-Za-z0-9.-]+/g, "-").slice(0, 100)}-proof-audit.${format}`;

/**
 * 401 without a session; 404 for a project that does not exist or that the person may not see; 403 for anyone but
 * staff; 400 for a format other than csv or json.
 */
export function createProofAuditHandler(options: { db: Db; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  return async (user: SessionUser | null, projectId: string, format: string | null): Promise<Response> => {
    if (!user) return plain(401, "Sign in to export the audit trail.");
    const project = await findProject(options.db, projectId);
    if (!project || !canSeeProject(user, project)) return plain(404, "No such project.");
    if (!isStaff(user.role)) return plain(403, "Only the studio exports a project's audit trail.");
    if (format !== "csv" && format !== "json") return plain(400, "Ask for format=csv or format=json.");
    const rows = (await proofAuditEvents(options.db, project.id)).map(auditRow);
    const headers = {
      "content-disposition": `attachment; filename="${fileName(project.name, format)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    };
    if (format === "json") {
      const document = {
        project: { id: project.id, name: project.name, title: project.title || projectDisplayName(project.name) },
        exportedAt: now().toISOString(),
        events: rows,
      };
      return new Response(JSON.stringify(document, null, 2), {
        headers: { ...headers, "content-type": "application/json; charset=utf-8" },
      });
    }
    // A byte-order mark, so that spreadsheets read the UTF-8 names and comments as UTF-8.
    const csv = `\uFEFF${stringify(
      rows.map((row) => AUDIT_COLUMNS.map((column) => spreadsheetSafe(row[column]))),
      { header: true, columns: [...AUDIT_COLUMNS], record_delimiter: "windows" },
    )}`;
    return new Response(csv, { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
  };
}
