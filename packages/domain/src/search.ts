// Search everywhere (the command palette): what may be searched for, by whom, and where each thing found opens.
// What a person finds is what the visibility rules let them see, each scope below derived from those rules
// (canSeeProject, canSeeBusiness, canSeeComment, canSeeInvoice, canFindPerson) so that the two cannot drift apart;
// the queries in @atelier/db apply the scope, and a test compares what they answer with the rules row by row.
import { canSeeBusiness } from "./businesses";
import { canSeeComment } from "./comments";
import { INTERNAL_NOTE_EVENT } from "./internal-notes";
import { canSeeInvoice, INVOICE_STATUSES, type InvoiceStatus } from "./invoices";
import { canSeeProject } from "./projects";
import { isAdmin, isStaff, type Role } from "./roles";

/** The longest query taken; a longer one is refused at the boundary. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Each group's entries: the palette asks for SEARCH_LIMIT_DEFAULT, an API caller for at most SEARCH_LIMIT_MAX. */
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;

export const SEARCH_KINDS = ["projects", "files", "comments", "invoices", "people", "businesses"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The palette's heading of each group, in the order of SEARCH_KINDS. */
export const SEARCH_GROUP_LABELS = {
  projects: "Projects",
  files: "Files",
  comments: "Comments",
  invoices: "Invoices",
  people: "People",
  businesses: "Businesses",
} as const satisfies Record<SearchKind, string>;

export interface Searcher {
  id: string;
  role: Role;
  businessId: string | null;
}

/** Which businesses' rows a search reads: every business's, one's, or none. */
export type BusinessScope = { all: true } | { businessId: string } | null;

export interface SearchScope {
  /** Projects, and the files on them. */
  projects: BusinessScope;
  businesses: BusinessScope;
  comments: BusinessScope;
  /** Whether the comments found include internal notes. */
  internalNotes: boolean;
  invoices: { businesses: BusinessScope; statuses: readonly InvoiceStatus[] };
  /** Whose people: everyone's ({ all }) or a business's; `emails` whether their addresses are searched too. */
  people: { businesses: BusinessScope; studio: boolean; emails: boolean };
}

/** A business id nobody has: what a rule answers for it is what it answers for every business but the searcher's. */
const ANOTHER_BUSINESS = "\u0000another-business";

/** The scope of a rule about businesses: every business's when it holds for one not the searcher's, else theirs, if any. */
function scopeOf(searcher: Searcher, holds: (businessId: string) => boolean): BusinessScope {
  if (holds(ANOTHER_BUSINESS)) return { all: true };
  return searcher.businessId !== null && holds(searcher.businessId) ? { businessId: searcher.businessId } : null;
}

/**
 * Whom a person finds among people: an admin everyone (the Users page is theirs); the rest of the studio the people
 * of businesses, whom each business's page lists; a client the people of its own business, as its page lists them.
 */
export function canFindPerson(searcher: Searcher, person: { businessId: string | null }): boolean {
  if (isAdmin(searcher.role)) return true;
  if (person.businessId === null) return false;
  return isStaff(searcher.role) || person.businessId === searcher.businessId;
}

/** What a searcher's search reads, from the visibility rules. */
export function searchScope(searcher: Searcher): SearchScope {
  const invoiceBusinesses = scopeOf(searcher, (businessId) =>
    INVOICE_STATUSES.some((status) => canSeeInvoice(searcher, { businessId, status })),
  );
  const invoiceBusiness = invoiceBusinesses && "businessId" in invoiceBusinesses ? invoiceBusinesses.businessId : ANOTHER_BUSINESS;
  const commentBusiness = searcher.businessId ?? ANOTHER_BUSINESS;
  return {
    projects: scopeOf(searcher, (businessId) => canSeeProject(searcher, { businessId })),
    businesses: scopeOf(searcher, (businessId) => canSeeBusiness(searcher, businessId)),
    comments: scopeOf(searcher, (businessId) => canSeeComment(searcher, { event: null, businessId })),
    internalNotes: canSeeComment(searcher, { event: INTERNAL_NOTE_EVENT, businessId: commentBusiness }),
    invoices: {
      businesses: invoiceBusinesses,
      statuses: invoiceBusinesses
        ? INVOICE_STATUSES.filter((status) => canSeeInvoice(searcher, { businessId: invoiceBusiness, status }))
        : [],
    },
    people: {
      businesses: scopeOf(searcher, (businessId) => canFindPerson(searcher, { businessId })),
      studio: canFindPerson(searcher, { businessId: null }),
      // Members see each other's names; addresses are the studio's to see (as on a business's page).
      emails: isStaff(searcher.role),
    },
  };
}

/** The parameter of a project's page that names the file to open there. */
export const FILE_LINK_PARAM = "file";

/** Where a project's file opens: its project's page, the file in the viewer. */
export function fileHref(projectId: string, fileId: string): string {
  return `/projects/${encodeURIComponent(projectId)}?${FILE_LINK_PARAM}=${encodeURIComponent(fileId)}`;
}

/** Where an invoice opens for its reader: the admin's invoice page, or a client's under Billing. */
export function invoiceHref(role: Role, invoiceId: string): string {
  return `${isAdmin(role) ? "/invoices" : "/settings/invoices"}/${encodeURIComponent(invoiceId)}`;
}

/** Where a person found opens: their user page for an admin, otherwise their business's page, which lists them. */
export function personHref(role: Role, person: { id: string; businessId: string | null }): string {
  if (isAdmin(role) || person.businessId === null) return `/users/${encodeURIComponent(person.id)}`;
  return businessHref(person.businessId);
}

export function businessHref(businessId: string): string {
  return `/businesses/${encodeURIComponent(businessId)}`;
}

export function projectHref(projectId: string): string {
  return `/projects/${encodeURIComponent(projectId)}`;
}

/** Case and accents folded, as the database folds what it indexes (atelier_fold). */
function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, "")
    .toLowerCase();
}

/** Whether a query has anything to search for: a letter or a digit of any script. */
export function isSearchable(query: string): boolean {
  return /[\p{L}\p{N}]/u.test(query);
}

/**
 * A line of a long text around the first word of the query it holds (words match as prefixes, folded), at most
 * `max` characters, with an ellipsis where it was cut; the text's start when no word is found in it.
 */
export function searchSnippet(text: string, query: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const words = foldForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // Folding keeps the length of most text; where it does not (a ligature), the snippet starts at the text's start.
  const folded = foldForSearch(flat);
  const at = folded.length === flat.length ? Math.min(...words.map((w) => folded.indexOf(w)).filter((i) => i >= 0)) : 0;
  const start = Number.isFinite(at) ? Math.max(0, Math.min(at - Math.floor(max / 3), flat.length - max)) : 0;
  const cut = flat.slice(start, start + max);
  return `${start > 0 ? "…" : ""}${cut}${start + max < flat.length ? "…" : ""}`;
}
