// The exact inbox. Each person's unread notifications are kept as rows, written with the comment for everyone who
// may see it and removed when read, so the badge, the unread list and Mark All Read cost what is unread, not what
// the studio has ever written. Measured against the alternative (counting unread comments through indexes on
// comments and reads): at 1,000,000 comments a staff member's count walks the whole history, while the rows walk
// only what is unread. Mark All Read moves a per-person watermark (comments up to that sequence number are read)
// instead of writing a read row for each of perhaps hundreds of thousands of comments.
//
// Comments carry their business (a project never changes business) so a client's notifications are one index
// range, and a sequence number that orders them as they were written, whatever clock stamped created_at.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table comments add column business_id text references businesses (id) on delete cascade`.execute(db);
  await sql`update comments set business_id = projects.business_id from projects where projects.id = comments.project_id`.execute(db);
  await sql`alter table comments alter column business_id set not null`.execute(db);
  // A comment written without its business takes its project's.
  await sql`
    create function comments_fill_business() returns trigger language plpgsql as $$
    begin
      select business_id into new.business_id from projects where id = new.project_id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger comments_business before insert on comments
    for each row when (new.business_id is null) execute function comments_fill_business()`.execute(db);
  await sql`alter table comments add column seq bigint generated always as identity`.execute(db);
  await sql`create unique index comments_seq on comments (seq)`.execute(db);
  await sql`drop index comments_created`.execute(db);
  await sql`create index comments_created on comments (created_at desc, id desc)`.execute(db);
  await sql`create index comments_business_created on comments (business_id, created_at desc, id desc)`.execute(db);

  // Everything up to this comment sequence number is read by the person. Someone new has read what came before them.
  await sql`alter table users add column read_through_seq bigint not null default 0`.execute(db);
  await sql`
    alter table users alter column read_through_seq
    set default coalesce(pg_sequence_last_value(pg_get_serial_sequence('comments', 'seq')::regclass), 0)`.execute(db);

  await sql`
    create table inbox (
      user_id text not null references users (id) on delete cascade,
      comment_id text not null references comments (id) on delete cascade,
      project_id text not null references projects (id) on delete cascade,
      seq bigint not null,
      created_at timestamptz not null,
      primary key (user_id, comment_id)
    )`.execute(db);
  // Newest first per person, with what the count, the grouping by project and the watermark need, read from the index alone.
  await sql`create index inbox_user_created on inbox (user_id, created_at desc, comment_id desc) include (seq, project_id)`.execute(db);
  await sql`create index inbox_comment on inbox (comment_id)`.execute(db);

  // Today's notifications, by the rule of docs/notifications.md: visible to the person, not theirs, not read, orphans skipped.
  await sql`
    insert into inbox (user_id, comment_id, project_id, seq, created_at)
    select u.id, c.id, c.project_id, c.seq, c.created_at
    from comments c
    join users u on u.role in ('admin', 'creative') or (u.business_id = c.business_id and c.event is distinct from 'shadow')
    where c.user_id is distinct from u.id
      and not (c.is_child and c.parent_id is null)
      and not exists (select 1 from comment_reads r where r.comment_id = c.id and r.user_id = u.id)`.execute(db);
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
