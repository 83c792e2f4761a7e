// Search everywhere: each kind the command palette finds (projects, businesses, files, comments, invoices, people)
// has its words as a tsvector with a GIN index, so a search reads the index instead of the table (1,000,000 comments
// at seed:scale). The 'simple' configuration: no stemming and no stop words, so names in any language match as
// written; the text is folded first (atelier_fold: case and accents), as the query is. PostgreSQL and the embedded
// PGlite have all of it built in.
//
// A comment's words are a stored column (kept from its body by a trigger): its bodies are long and many, and a search
// ranks its candidates by them. The other kinds' words are short (names, numbers, notes), so they are an indexed function of
// the row instead, read again where ranked: a column would come with every `selectAll` of those tables.
//
// Weights rank a match in what names a thing (A) over one in what describes it (B) or in its body (D).
//
// Written to keep the app answering on a large table (README, "Upgrades"): not in one transaction, so each statement
// lets its locks go. The comments' words are added as an empty column (brief) and filled in batches (row locks only;
// a comment written meanwhile is filled by the trigger), where a column generated from the body would have rewritten
// the table under an exclusive lock: at 1,000,000 comments a read of comments waited 22.8 s for that, 0.08 s now
// (`npm run migration-locks`). Building the GIN index holds off writes of comments, not reads, while it runs. Every
// step can run again after a failure part way. (A database that ran this before it was written so has the generated
// column; both read the same.)
import { type Kysely, sql } from "kysely";

/** Runs statement by statement (see migrateToLatest): its locks are not held until the end. */
export const transaction = false;
/** Comments filled per statement. */
const BATCH = 20_000;

/**
 * A text's words for the index: folded, its punctuation read as spaces, then parsed with the 'simple' configuration
 * at `weight`. The parser alone keeps a file's name, an address or a path as one token ("brochure_final.pdf",
 * "ada@studio.test", "</script>" as "/script"); as words, each part is found ("final", "studio", "script").
 * Punctuation is [[:punct:]] of the database's locale; the query reads it the same way (atelier_search_query).
 */
const words = (text: string, weight: "A" | "B" | "D") =>
  `setweight(to_tsvector('simple', regexp_replace(atelier_fold(${text}), '[[:punct:]]+', ' ', 'g')), '${weight}')`;

/** The words of each kind but comments, as functions of its columns, and the index on each. */
const FUNCTIONS: { name: string; table: string; params: string; columns: string; document: string }[] = [
  // A project's title, then its search text (name, business and designer, already folded; kept by triggers).
  {
    name: "project_search_terms",
    table: "projects",
    params: "title text, search text",
    columns: "title, search",
    document: `${words("title", "A")} || ${words("search", "B")}`,
  },
  { name: "business_search_terms", table: "businesses", params: "name text", columns: "name", document: words("name", "A") },
  { name: "file_search_terms", table: "project_files", params: "name text", columns: "name", document: words("name", "A") },
  {
    name: "invoice_search_terms",
    table: "invoices",
    params: "number text, notes text",
    columns: "number, notes",
    document: `${words("number", "A")} || ${words("coalesce(notes, '')", "D")}`,
  },
  {
    name: "person_search_terms",
    table: "users",
    params: "name text, email text",
    columns: "name, email",
    document: `${words("coalesce(name, '')", "A")} || ${words("coalesce(email, '')", "B")}`,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // What someone typed as a query of the indexed words: websearch_to_tsquery reads it as a search box is read
  // ("quoted phrases", or, -word) and never fails on stray operators. First its punctuation becomes spaces as the
  // documents' does, but for what websearch reads: double quotes, and a hyphen that starts a word (a hyphen inside
  // one, "2026-0042", parts two words). Then every word matches as a prefix too, so a word half typed already finds
  // ("bro" finds "brochure"): rewritten on the query's text form, where every lexeme is quoted and ends with a quote
  // followed by a space or the end. Null when nothing searchable is left ('&', '!'). The quotes and hyphens stand
  // aside meanwhile as capital letters, which a folded text never holds.
  await sql`
    create or replace function atelier_search_query(text) returns tsquery language sql immutable parallel safe
    return nullif(regexp_replace(websearch_to_tsquery('simple',
      regexp_replace(
        translate(regexp_replace(translate(atelier_fold($1), '"-', 'QH'), '[[:punct:]]+', ' ', 'g'), 'QH', '"-'),
        '(\\S)-+', '\\1 ', 'g')
    )::text, '''(\\s|$)', ''':*\\1', 'g'), '')::tsquery`.execute(db);
  await sql`alter table comments add column if not exists search_terms tsvector`.execute(db);
  await sql
    .raw(`create or replace function comments_fill_search_terms() returns trigger language plpgsql as $$
      begin
        new.search_terms := ${words("new.body", "D")};
        return new;
      end $$`)
    .execute(db);
  await sql`drop trigger if exists comments_search_terms on comments`.execute(db);
  await sql`
    create trigger comments_search_terms before insert or update of body on comments
    for each row execute function comments_fill_search_terms()`.execute(db);
  // Also when triggers are off for a bulk load (session_replication_role = replica, as seed:scale loads): the words
  // are kept as a generated column's would be, whatever writes the body.
  await sql`alter table comments enable always trigger comments_search_terms`.execute(db);
  // The comments there were, a batch at a time in the order of their ids; a run started again goes on where one was.
  let after = "";
  for (;;) {
    const { rows } = await sql<{ last: string | null }>`
      with batch as (select id from comments where id > ${after} and search_terms is null order by id limit ${BATCH}),
      done as (update comments c set search_terms = ${sql.raw(words("c.body", "D"))} from batch where c.id = batch.id returning c.id)
      select max(id) as last from done`.execute(db);
    if (!rows[0]?.last) break;
    after = rows[0]?.last ?? after;
  }
  // Without fastupdate, as projects_search: a pending list would be read by every search and priced so by the planner.
  await sql`create index if not exists comments_search_terms on comments using gin (search_terms) with (fastupdate = off)`.execute(db);
  // A client's search of people reads its business's people (by name alone, without the index of names and addresses).
  await sql`create index if not exists users_business on users (business_id)`.execute(db);
  for (const f of FUNCTIONS) {
    await sql
      .raw(`create or replace function ${f.name}(${f.params}) returns tsvector language sql immutable parallel safe return ${f.document}`)
      .execute(db);
    await sql
      .raw(`create index if not exists ${f.table}_search_terms on ${f.table} using gin (${f.name}(${f.columns})) with (fastupdate = off)`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const f of FUNCTIONS) {
    await sql.raw(`drop index ${f.table}_search_terms`).execute(db);
    await sql.raw(`drop function ${f.name}`).execute(db);
  }
  await sql`drop index users_business`.execute(db);
  await sql`drop trigger if exists comments_search_terms on comments`.execute(db);
  await sql`drop function if exists comments_fill_search_terms`.execute(db);
  await sql`alter table comments drop column search_terms`.execute(db);
  await sql`drop function atelier_search_query`.execute(db);
}
