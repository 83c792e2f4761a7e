// A project's proof audit trail (docs/proof-audit.md): everything that happened to its rounds, one event a row, in the
// order it happened, as staff export it in CSV and JSON. The rows are the same in both; only CSV guards its cells.

const AUDIT_EVENTS = {
  round_sent: "Round sent",
  reviewer_named: "Reviewer named",
  reviewer_removed: "Reviewer removed",
  reviewer_notified: "Reviewer mailed that their step started",
  link_created: "Review link made",
  link_opened: "Review link last opened",
  link_revoked: "Review link withdrawn",
  code_sent: "Code mailed",
  code_refused: "Code refused (limit or lock)",
  guest_verified: "Guest verified by e-mail code",
  pin: "Pin",
  pin_resolved: "Pin resolved",
  decision: "Decision",
  approved: "Round approved",
  changes_requested: "Changes requested",
  reminder_sent: "Deadline reminder mailed",
} as const;
type AuditEventKind = keyof typeof AUDIT_EVENTS;

export interface AuditEvent {
  at: Date;
  round: number;
  event: AuditEventKind;
  /** The person or guest who acted, when one did. */
  name: string | null;
  email: string | null;
  /** Signed in, or by e-mail code. */
  verifiedBy: string | null;
  /** What the event was about: the decision and reason, the pin's comment, the link's limits, the files. */
  detail: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The columns of the export, in order: the JSON's keys and the CSV's header. */
export const AUDIT_COLUMNS = ["at", "round", "event", "label", "name", "email", "verifiedBy", "detail", "ipAddress", "userAgent"] as const;

/** Events in the order they happened; at the same moment, by round, then as the database listed them. */
export function sortAuditEvents(events: readonly AuditEvent[]): AuditEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.event.round - b.event.round || a.index - b.index)
    .map(({ event }) => event);
}

/** One event as the export writes it: times in ISO 8601 UTC, every column present. */
export function auditRow(event: AuditEvent): Record<(typeof AUDIT_COLUMNS)[number], string | number | null> {
  return {
    at: event.at.toISOString(),
    round: event.round,
    event: event.event,
    label: AUDIT_EVENTS[event.event],
    name: event.name,
    email: event.email,
    verifiedBy: event.verifiedBy,
    detail: event.detail,
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
  };
}

/**
 * A cell as a spreadsheet may safely open it: text that a spreadsheet would run as a formula (starting with =, +, -, @,
 * a tab or a carriage return; OWASP's CSV injection advice) is prefixed with an apostrophe, which shows it as text.
 */
export function spreadsheetSafe(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Where staff download a project's audit trail in `format`, on the web app. */
export function proofAuditPath(projectId: string, format: "csv" | "json"): string {
  return `/api/projects/${encodeURIComponent(projectId)}/audit?format=${format}`;
}
