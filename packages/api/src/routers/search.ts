// search.*: the command palette's search of everything the caller may see, on the server, ranked.
import { searchEverything } from "@atelier/db";
import {
  businessHref,
  commentHref,
  fileHref,
  invoiceHref,
  isSearchable,
  personHref,
  projectHref,
  SEARCH_GROUP_LABELS,
  SEARCH_KINDS,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchKind,
  searchScope,
  searchSnippet,
} from "@atelier/domain";
import { z } from "zod";
import { protectedProcedure, router } from "../trpc";

const searchInput = z.object({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH, { error: `A search is at most ${SEARCH_QUERY_MAX_LENGTH} characters.` }),
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});

export interface SearchItem {
  id: string;
  /** The line that names it; for a comment, its text around the words searched for. */
  title: string;
  /** The line beside it: a business, a project, a role. */
  detail: string | null;
  href: string;
}

export const searchRouter = router({
  /**
   * The caller's matches of `q` in groups (projects, files, comments, invoices, people, businesses), each best first
   * and with the link that opens it; only groups with matches. A query with no letter or digit finds nothing.
   */
  query: protectedProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const q = input.q.trim();
    if (!isSearchable(q)) return { q, groups: [] };
    const rows = await searchEverything(ctx.db, searchScope(ctx.user), q, input.limit);
    const role = ctx.user.role;
    const item = (row: (typeof rows)[number]): SearchItem => {
      switch (row.kind) {
        case "projects":
          return { id: row.id, title: row.title, detail: row.detail, href: projectHref(row.id) };
        case "files":
          return { id: row.id, title: row.title, detail: row.detail, href: fileHref(row.parent ?? "", row.id) };
        case "comments":
          return { id: row.id, title: searchSnippet(row.detail ?? "", q), detail: row.title, href: commentHref(row.parent ?? "", row.id) };
        case "invoices":
          return { id: row.id, title: row.title, detail: row.detail, href: invoiceHref(role, row.id) };
        case "people":
          return { id: row.id, title: row.title, detail: row.detail, href: personHref(role, { id: row.id, businessId: row.parent }) };
        case "businesses":
          return { id: row.id, title: row.title, detail: row.detail, href: businessHref(row.id) };
      }
    };
    const groups = SEARCH_KINDS.map((kind: SearchKind) => ({
      kind,
      label: SEARCH_GROUP_LABELS[kind],
      items: rows.filter((row) => row.kind === kind).map(item),
    })).filter((group) => group.items.length > 0);
    return { q, groups };
  }),
});
