// The exact inbox. Each person's unread notifications are kept as rows, written with the comment for everyone who
// may see it and removed when read, so the badge, the unread list and Mark All Read cost what is unread, not what
// the studio has ever written. Measured against the alternative (counting unread comments through indexes on
// comments and reads): at 1,000,000 comments a staff member's count walks the whole history, while the rows walk
// only what is unread. Mark All Read moves a per-person watermark (comments up to that sequence number are read)
// instead of writing a read row for each of perhaps hundreds of thousands of comments.
//
// Comments carry their business (a project never changes business) so a client's notifications are one index
// range, and a sequence number that orders them as they were written, whatever clock stamped created_at.
//
// Written to keep the app answering while it runs on a large table (README, "Upgrades"): not in one transaction
// (`transaction = false`), so each statement takes its locks and lets them go. The new columns are added empty
// (brief), filled in batches of BATCH rows (row locks only; reads go on, and a comment written meanwhile is filled by
// a trigger), and only then made NOT NULL through a validated CHECK (no scan under the exclusive lock). Each step can
// run again after a failure part way. At 1,000,000 comments, `npm run migration-locks` measured how long a read of
// comments waited at most: 156.7 s when this ran in one transaction, under 0.6 s now; a write of comments waits while
// an index builds (3.5 s at most).
import { type Kysely, sql } from "kysely";

/** Runs statement by statement (see migrateToLatest): its locks are not held until the end. */
export const transaction = false;
/** Comments filled per statement. */
const BATCH = 20_000;

async function has(db: Kysely<unknown>, query: ReturnType<typeof sql<{ found: boolean }>>): Promise<boolean> {
  return (await query.execute(db)).rows[0]?.found === true;
}
const constraintExists = (db: Kysely<unknown>, name: string) =>
  has(db, sql<{ found: boolean }>`select exists (select 1 from pg_constraint where conname = ${name}) as found`);
const seqIsIdentity = (db: Kysely<unknown>) =>
  has(
    db,
    sql<{ found: boolean }>`select exists (select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'comments' and column_name = 'seq' and is_identity = 'YES') as found`,
  );

/** Makes the column NOT NULL without scanning the table under an exclusive lock: a CHECK validated first vouches for it. */
async function setNotNull(db: Kysely<unknown>, column: "business_id" | "seq"): Promise<void> {
  const check = `comments_${column}_present`;
  if (!(await constraintExists(db, check)))
    await sql`alter table comments add constraint ${sql.id(check)} check (${sql.ref(column)} is not null) not valid`.execute(db);
  await sql`alter table comments validate constraint ${sql.id(check)}`.execute(db);
  await sql`alter table comments alter column ${sql.ref(column)} set not null`.execute(db);
  await sql`alter table comments drop constraint ${sql.id(check)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table comments add column if not exists business_id text`.execute(db);
  await sql`alter table comments add column if not exists seq bigint`.execute(db);
  // A comment written without its business takes its project's.
  await sql`
    create or replace function comments_fill_business() returns trigger language plpgsql as $$
    begin
      select business_id into new.business_id from projects where id = new.project_id;
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists comments_business on comments`.execute(db);
  await sql`
    create trigger comments_business before insert on comments
    for each row when (new.business_id is null) execute function comments_fill_business()`.execute(db);

  const identity = await seqIsIdentity(db);
  if (!identity) {
    // Comments written while the rest are filled are numbered after all of them (from where a first run started).
    const { rows } = await sql<{ n: number }>`select count(*)::bigint as n from comments`.execute(db);
    await sql`create sequence if not exists comments_seq_fill start with ${sql.lit(Number(rows[0]?.n ?? 0) + 1_000_001)}`.execute(db);
    const began = await sql<{
      start: number;
    }>`select start_value as start from pg_sequences where sequencename = 'comments_seq_fill'`.execute(db);
    const start = Number(began.rows[0]?.start);
    await sql`
      create or replace function comments_fill_seq() returns trigger language plpgsql as $$
      begin
        new.seq := nextval('comments_seq_fill');
        return new;
      end $$`.execute(db);
    await sql`drop trigger if exists comments_seq_fill on comments`.execute(db);
    await sql`
      create trigger comments_seq_fill before insert on comments
      for each row when (new.seq is null) execute function comments_fill_seq()`.execute(db);
    // The comments there were, in the order they were written, a batch at a time (from the index on created_at);
    // numbers go on from the highest given so far, so a run stopped part way and started again goes on where it was.
    const highest = await sql<{ top: number }>`select coalesce(max(seq), 0)::bigint as top from comments where seq < ${start}`.execute(db);
    let top = Number(highest.rows[0]?.top ?? 0);
    let after = { at: "-infinity", id: "" };
    for (;;) {
      const { rows: done } = await sql<{ n: number; at: string; id: string }>`
        with batch as (
          select id, row_number() over (order by created_at, id) as n from comments
          where seq is null and (created_at, id) > (${after.at}::timestamptz, ${after.id})
          order by created_at, id limit ${BATCH}
        )
        update comments c set seq = ${top} + batch.n, business_id = coalesce(c.business_id, p.business_id)
        from batch, projects p
        where c.id = batch.id and p.id = c.project_id
        returning batch.n::bigint as n, c.created_at::text as at, c.id`.execute(db);
      const last = done.reduce<(typeof done)[number] | undefined>((a, b) => (a && Number(a.n) > Number(b.n) ? a : b), undefined);
      if (!last) break;
      top += Number(last.n);
      after = { at: last.at, id: last.id };
    }
  }
  // A comment whose project is gone (none can be: projects cascade) would stop the NOT NULL below, as it did before.
  await sql`update comments set business_id = p.business_id from projects p
    where comments.business_id is null and p.id = comments.project_id`.execute(db);
  if (!(await constraintExists(db, "comments_business_id_fkey"))) {
    await sql`alter table comments add constraint comments_business_id_fkey foreign key (business_id)
      references businesses (id) on delete cascade not valid`.execute(db);
  }
  await sql`alter table comments validate constraint comments_business_id_fkey`.execute(db);
  await setNotNull(db, "business_id");
  if (!identity) {
    await setNotNull(db, "seq");
    await sql`drop trigger comments_seq_fill on comments`.execute(db);
    await sql`drop function comments_fill_seq`.execute(db);
    await sql`drop sequence comments_seq_fill`.execute(db);
    // The numbers go on from the highest, as an identity column added to the filled table would have them.
    const { rows } = await sql<{ top: number }>`select coalesce(max(seq), 0)::bigint as top from comments`.execute(db);
    await sql`alter table comments alter column seq add generated always as identity`.execute(db);
    const top = Number(rows[0]?.top ?? 0);
    if (top > 0) await sql`select setval(pg_get_serial_sequence('comments', 'seq'), ${top})`.execute(db);
  }
  // Index builds hold off writes (not reads) while they run.
  await sql`create unique index if not exists comments_seq on comments (seq)`.execute(db);
  await sql`create index if not exists comments_created_newest on comments (created_at desc, id desc)`.execute(db);
  await sql`drop index if exists comments_created`.execute(db);
  await sql`alter index comments_created_newest rename to comments_created`.execute(db);
  await sql`create index if not exists comments_business_created on comments (business_id, created_at desc, id desc)`.execute(db);

  // Everything up to this comment sequence number is read by the person. Someone new has read what came before them.
  await sql`alter table users add column if not exists read_through_seq bigint not null default 0`.execute(db);
  await sql`
    alter table users alter column read_through_seq
    set default coalesce(pg_sequence_last_value(pg_get_serial_sequence('comments', 'seq')::regclass), 0)`.execute(db);

  await sql`
    create table if not exists inbox (
      user_id text not null references users (id) on delete cascade,
      comment_id text not null references comments (id) on delete cascade,
      project_id text not null references projects (id) on delete cascade,
      seq bigint not null,
      created_at timestamptz not null,
      primary key (user_id, comment_id)
    )`.execute(db);
  // Newest first per person, with what the count, the grouping by project and the watermark need, read from the index alone.
  await sql`create index if not exists inbox_user_created on inbox (user_id, created_at desc, comment_id desc) include (seq, project_id)`.execute(
    db,
  );
  await sql`create index if not exists inbox_comment on inbox (comment_id)`.execute(db);

  // Today's notifications, by the rule of docs/notifications.md: visible to the person, not theirs, not read, orphans skipped.
  await sql`
    insert into inbox (user_id, comment_id, project_id, seq, created_at)
    select u.id, c.id, c.project_id, c.seq, c.created_at
    from comments c
    join users u on u.role in ('admin', 'creative') or (u.business_id = c.business_id and c.event is distinct from 'shadow')
    where c.user_id is distinct from u.id
      and not (c.is_child and c.parent_id is null)
      and not exists (select 1 from comment_reads r where r.comment_id = c.id and r.user_id = u.id)
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table inbox`.execute(db);
  await sql`alter table users drop column read_through_seq`.execute(db);
  await sql`drop index comments_business_created`.execute(db);
  await sql`drop index comments_created`.execute(db);
  await sql`create index comments_created on comments (created_at)`.execute(db);
  await sql`alter table comments drop column seq`.execute(db);
  await sql`drop trigger comments_business on comments`.execute(db);
  await sql`drop function comments_fill_business`.execute(db);
  await sql`alter table comments drop column business_id`.execute(db);
}
