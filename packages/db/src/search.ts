// Search everywhere: what the searcher may see (searchScope in @atelier/domain) of each kind, ranked, read through
// each kind's GIN index (migrations/2026-11-27-1200-search-index.ts) with the query atelier_search_query makes: the
// words as typed, each also a prefix. ts_rank weighs a match in what names a thing (a title, a number, a name) over
// one in its body or notes.
//
// Comments are many (1,000,000 at seed:scale), and a word may be in a quarter of them or in one: no single plan
// serves both, and the planner cannot tell them apart (a prefix's frequency is a guess). So they are read in two
// bounded steps: the newest SEARCH_WINDOW comments the searcher may see, along their index, hold the matches of a
// frequent word; only when they hold fewer than asked for, the index of words finds the rest, which are then few.
import { type BusinessScope, INTERNAL_NOTE_EVENT, ROLE_LABELS, type SearchKind, type SearchScope } from "@atelier/domain";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "./create-db";

/** How many of the newest comments the first step reads. */
const SEARCH_WINDOW = 5000;

export interface SearchRow {
  kind: SearchKind;
  id: string;
  /** What names it: a title, a file's or a person's name, an invoice's number. */
  title: string;
  /** What tells it apart: its business, its project, a comment's text. */
  detail: string | null;
  /** The project a file or comment is on; the business a person is of. */
  parent: string | null;
  rank: number;
}

/** The condition of a business scope on `column`; null when the scope is none. */
function inScope(scope: BusinessScope, column: string): RawBuilder<boolean> | null {
  if (scope === null) return null;
  if ("all" in scope) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = ${scope.businessId}`;
}

/**
 * The searcher's matches of `query`, at most `limit` of each kind, best first within a kind (the newer first among
 * equals). Run in a transaction of its own, where the preparing pool leaves statements unnamed: each is planned for
 * its query's words.
 */
export async function searchEverything(db: Db, scope: SearchScope, query: string, limit: number): Promise<SearchRow[]> {
  const q = sql`atelier_search_query(${query})`;
  const top = sql.lit(limit);
  const parts: RawBuilder<unknown>[] = [];

  const projects = inScope(scope.projects, "p.business_id");
  if (projects) {
    parts.push(sql`(select 'projects' as kind, p.id, p.title, b.name as detail, null as parent,
        ts_rank(project_search_terms(p.title, p.search), ${q}) as rank, p.created_at as at
      from projects p join businesses b on b.id = p.business_id
      where project_search_terms(p.title, p.search) @@ ${q} and ${projects}
      order by rank desc, at desc, id limit ${top})`);
    // A project's files are its own: seen where the project is.
    parts.push(sql`(select 'files' as kind, f.id, f.name as title, p.title as detail, f.project_id as parent,
        ts_rank(file_search_terms(f.name), ${q}) as rank, f.created_at as at
      from project_files f join projects p on p.id = f.project_id
      where file_search_terms(f.name) @@ ${q} and ${projects}
      order by rank desc, at desc, id limit ${top})`);
  }

  const comments = inScope(scope.comments, "c.business_id");
  // isInternalNote's mirror (notInternalNote in ./comments) where the searcher may not see internal notes; a child
  // whose parent is gone is left out, as threads and the bell leave it (isOrphanChild).
  const visible = sql`${comments} and ${scope.internalNotes ? sql`true` : sql`c.event is distinct from ${sql.lit(INTERNAL_NOTE_EVENT)}`}
    and not (c.is_child and c.parent_id is null)`;
  const foundComments = (from: RawBuilder<unknown>) => sql`(select 'comments' as kind, c.id, p.title, c.body as detail,
      c.project_id as parent, ts_rank(c.search_terms, ${q}) as rank, c.created_at as at
    from ${from} c join projects p on p.id = c.project_id
    where c.search_terms @@ ${q}
    order by rank desc, at desc, id limit ${top})`;
  if (comments) {
    parts.push(
      foundComments(
        sql`(select c.* from comments c where ${visible} order by c.created_at desc, c.id desc limit ${sql.lit(SEARCH_WINDOW)})`,
      ),
    );
  }

  const invoices = inScope(scope.invoices.businesses, "i.business_id");
  if (invoices && scope.invoices.statuses.length > 0) {
    // canSeeInvoice's mirror: the scope's businesses, in the statuses it lets the searcher see.
    parts.push(sql`(select 'invoices' as kind, i.id, i.number as title, b.name as detail, null as parent,
        ts_rank(invoice_search_terms(i.number, i.notes), ${q}) as rank, i.created_at as at
      from invoices i join businesses b on b.id = i.business_id
      where invoice_search_terms(i.number, i.notes) @@ ${q} and ${invoices} and i.status in (${sql.join(scope.invoices.statuses)})
      order by rank desc, at desc, id limit ${top})`);
  }

  const peopleOfBusinesses = inScope(scope.people.businesses, "u.business_id");
  if (peopleOfBusinesses || scope.people.studio) {
    // canFindPerson's mirror. Without their addresses, a person's words are their name's alone: that search reads one
    // business's people, few enough to read without the index.
    const terms = scope.people.emails ? sql`person_search_terms(u.name, u.email)` : sql`person_search_terms(u.name, null)`;
    const whose = [
      ...(peopleOfBusinesses ? [sql`(u.business_id is not null and ${peopleOfBusinesses})`] : []),
      ...(scope.people.studio ? [sql`u.business_id is null`] : []),
    ];
    const roleLabel = sql.join(
      Object.entries(ROLE_LABELS).map(([role, label]) => sql`when ${sql.lit(role)} then ${sql.lit(label)}`),
      sql` `,
    );
    parts.push(sql`(select 'people' as kind, u.id, coalesce(u.name, ${scope.people.emails ? sql`u.email` : sql`null`}, '') as title,
        coalesce(b.name, case u.role ${roleLabel} end) as detail, u.business_id as parent,
        ts_rank(${terms}, ${q}) as rank, u.created_at as at
      from users u left join businesses b on b.id = u.business_id
      where ${terms} @@ ${q} and (${sql.join(whose, sql` or `)})
      order by rank desc, at desc, id limit ${top})`);
  }

  const businesses = inScope(scope.businesses, "b.id");
  if (businesses) {
    parts.push(sql`(select 'businesses' as kind, b.id, b.name as title, null as detail, null as parent,
        ts_rank(business_search_terms(b.name), ${q}) as rank, b.created_at as at
      from businesses b where business_search_terms(b.name) @@ ${q} and ${businesses}
      order by rank desc, at desc, id limit ${top})`);
  }

  if (parts.length === 0) return [];
  type Found = SearchRow & { at: Date };
  const rows = await db.transaction().execute(async (trx) => {
    const first = (await sql<Found>`${sql.join(parts, sql` union all `)}`.execute(trx)).rows;
    if (!comments || first.filter((r) => r.kind === "comments").length >= limit) return first;
    // Fewer matches among the newest than asked for: the word is rare there, and the index of words finds the rest.
    // The planner would otherwise guess a prefix frequent and walk every comment newest first for the few it holds.
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    const rest = (await foundComments(sql`(select c.* from comments c where ${visible})`).execute(trx)).rows as Found[];
    const seen = new Set(first.map((r) => `${r.kind}:${r.id}`));
    return [...first, ...rest.filter((r) => !seen.has(`comments:${r.id}`))];
  });
  // Best first within each kind (the kinds' order is the caller's), the newer first among equals; at most `limit`.
  const sorted = rows
    .map(({ at, ...row }) => ({ ...row, rank: Number(row.rank), at: new Date(at).getTime() }))
    .sort((a, b) => b.rank - a.rank || b.at - a.at);
  const taken = new Map<SearchKind, number>();
  return sorted.flatMap(({ at: _at, ...row }) => {
    const n = taken.get(row.kind) ?? 0;
    taken.set(row.kind, n + 1);
    return n < limit ? [row] : [];
  });
}
