// A studio at a real size, for benchmarks and plan checks: 200 businesses beside the demo one, 2,000 clients, 20 staff,
// 20,000 projects (a fifth archived), 1,000,000 comments (5 % internal notes, every event, replies), 90 % read by someone
// besides their author. Written in bulk SQL, one statement per table, from generate_series: row by row through the
// product's functions would take hours. What the product derives (a project's stage, each person's read watermark,
// reads and inbox) is derived here by the same rules as the code: a stage is the last stage event's, the author reads
// their own comment, and the inbox holds what is visible to a person, not theirs, not an orphan, after their
// watermark and not read (the rule of the inbox migration's backfill).
//
// Everything random comes from hashes of the row number, so a scale and a seed give the same data every time.
import { COMMENT_EVENTS, INTERNAL_NOTE_EVENT, STAFF_ROLES, stageAfter } from "@atelier/domain";
import { sql } from "kysely";
import { type Db, migrateToLatest } from "./create-db";
import { gatherGinEntries } from "./gin-bulk";
import { DEMO_BUSINESS, DEMO_USERS } from "./seed";

export interface SeedScaleOptions {
  /** 1 is the full size; 0.002 a quick one for tests. */
  scale?: number;
  /** Empty the product's tables first, whatever they hold. Without it, a database with more than the demo users is refused. */
  force?: boolean;
  /** Told each step as it finishes. */
  log?: (line: string) => void;
  /** Also tell each statement before it runs. */
  printSql?: boolean;
}

export interface SeedScaleReport {
  counts: Record<string, number>;
  seconds: number;
}

/** How many rows of each kind a scale asks for; small scales keep enough of each to mean something. */
export function scaleSizes(scale: number) {
  const businesses = Math.max(2, Math.round(200 * scale));
  return {
    businesses,
    // Every business has clients, so it has authors and readers.
    clients: Math.max(2 * (businesses + 1), Math.round(2000 * scale)),
    staff: Math.max(2, Math.round(20 * scale)),
    projects: Math.max(10, Math.round(20000 * scale)),
    comments: Math.max(500, Math.round(1_000_000 * scale)),
  };
}

/** A number in [0, 1) from a hash of `x` (an SQL expression) and a stream number: the same inputs, the same number. */
const rnd = (x: string, stream: number) => `((hashint8extended((${x})::bigint, ${stream}) & 2147483647)::float8 / 2147483648)`;

/** How many unread notifications a person keeps after their watermark: log-uniform between lo and hi. */
const unreadAfter = (x: string, stream: number, lo: number, hi: number) => `floor(exp(ln(${lo}) + ${rnd(x, stream)} * ln(${hi / lo})))`;

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");

const TITLES_A = ["Spring", "Summer", "Autumn", "Winter", "Opening", "Anniversary", "Launch", "Holiday", "Weekend", "Charity"];
const TITLES_B = ["Flyer", "Poster", "Menu", "Brochure", "Banner", "Postcard", "Catalogue", "Label", "Invitation", "Sign"];
const PROJECT_EVENTS = ["flyer", "poster", "menu", "brochure", "banner"];
const SENTENCES = [
  "Could we try the headline a little larger and move the logo to the top right?",
  "Here is the next version with the colours from the brand guide.",
  "The printer needs 3 mm bleed on every side, please check the export settings.",
  "Looks great, only the date in the footer is wrong: it should read the 14th.",
  "I have attached the photos from the shoot; the second one is our favourite.",
  "Can we see one variant with a darker background for the evening event?",
  "The copy is final now, thank you for your patience with all the changes.",
  "Please keep the QR code at least 2 cm wide so it scans from a distance.",
];

/** Refuses a database with more in it than the demo users, unless told to empty it first. */
async function prepare(db: Db, force: boolean): Promise<void> {
  const demoIds = DEMO_USERS.map((u) => u.id);
  const held = await sql<{ users: number; projects: number }>`
    select (select count(*) from users where id not in (${sql.join(demoIds)}))::int as users,
           (select count(*) from projects)::int as projects`.execute(db);
  const { users = 0, projects = 0 } = held.rows[0] ?? {};
  if (users + projects === 0) return;
  if (!force)
    throw new Error(
      `The database already holds ${users} users besides the demo ones and ${projects} projects; ` +
        "seed:scale fills an empty database (or one with only the demo users). Pass --force to empty it first.",
    );
  // Every product table hangs from users or businesses, so the cascade empties them all (the migrations stay).
  await sql`truncate users, businesses restart identity cascade`.execute(db);
}

/** Every single-column foreign key of the tables the seed fills, checked at once: no row may point at nothing. */
async function checkForeignKeys(db: Db, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const keys = await sql<{ name: string; table: string; column: string; target: string; targetColumn: string }>`
    select c.conname as name, c.conrelid::regclass::text as table, a.attname as column,
           c.confrelid::regclass::text as target, fa.attname as target_column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1
      and c.conrelid::regclass::text in ('users', 'projects', 'comments', 'comment_reads', 'inbox')`.execute(db);
  for (const key of keys.rows) {
    const broken = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(key.table)} t
      where t.${sql.ref(key.column)} is not null
        and not exists (select 1 from ${sql.table(key.target)} r where r.${sql.ref(key.targetColumn)} = t.${sql.ref(key.column)})`.execute(
      db,
    );
    const n = broken.rows[0]?.n ?? 0;
    if (n > 0) throw new Error(`${n} rows of ${key.table} break the foreign key ${key.name}`);
  }
  log(`  foreign keys: ${keys.rows.length} checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function seedScale(db: Db, options: SeedScaleOptions = {}): Promise<SeedScaleReport> {
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale must be above 0 and at most 10, not ${scale}`);
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const size = scaleSizes(scale);
  await migrateToLatest(db);
  await prepare(db, options.force ?? false);

  // One connection throughout: the helper tables are temporary, and the settings are the session's.
  await db.connection().execute(async (conn) => {
    const gin = await gatherGinEntries(conn);
    try {
      const step = async (name: string, statement: string) => {
        const t = performance.now();
        if (options.printSql) log(statement);
        const result = await sql.raw(statement).execute(conn);
        log(`  ${name}: ${result.numAffectedRows ?? ""} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      };
      // The helper tables are tiny and the plans simple: compiling them to machine code (JIT) costs more than it saves.
      await step("settings", "set synchronous_commit = off; set jit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'");
      // Foreign keys checked row by row cost more than the inserts themselves here; a superuser can defer them to one
      // set-based check per key at the end (checkForeignKeys), which refuses the seed as a failed row check would.
      const deferredKeys = await sql
        .raw("set session_replication_role = replica")
        .execute(conn)
        .then(() => true)
        .catch(() => false);
      const staffRoles = list(STAFF_ROLES);
      // Who sees a comment, as the product decides it: isInternalNote (notInternalNote in ./comments), written out
      // for these statements.
      const notInternal = (event: string) => `${event} is distinct from '${INTERNAL_NOTE_EVENT}'`;
      const stageEvents = list(COMMENT_EVENTS.filter((e) => stageAfter(e) !== null));
      const B = size.businesses;

      // Businesses: number 0 is the demo one.
      await sql`insert into businesses (id, name) values (${DEMO_BUSINESS.id}, ${DEMO_BUSINESS.name}) on conflict do nothing`.execute(conn);
      await step(
        "businesses",
        `insert into businesses (id, name, created_at)
       select 'scale-b' || g, 'Business ' || g || ' ' || (array[${list(TITLES_A)}])[1 + g % ${TITLES_A.length}], now() - interval '800 days'
       from generate_series(1, ${B}) g`,
      );
      await step(
        "numbered businesses",
        `create temp table seed_businesses as
       select 0 as n, '${DEMO_BUSINESS.id}'::text as id
       union all select g, 'scale-b' || g from generate_series(1, ${B}) g`,
      );

      // People: the demo users, staff (one admin in five) and clients spread over every business.
      await db
        .insertInto("users")
        .values(DEMO_USERS.map((u) => ({ ...u, emailVerified: new Date() })))
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await step(
        "users",
        `insert into users (id, name, email, email_verified, role, business_id, created_at)
       select 'scale-s' || g, 'Staff ' || g, 'staff' || g || '@scale.test', now(),
              case when g % 5 = 1 then 'admin' else 'creative' end, null, now() - interval '800 days'
       from generate_series(1, ${size.staff}) g
       union all
       select 'scale-c' || g, 'Client ' || g, 'client' || g || '@scale.test', now(), 'client', b.id, now() - interval '800 days'
       from generate_series(1, ${size.clients}) g join seed_businesses b on b.n = g % ${B + 1}`,
      );
      await step(
        "people by business",
        `create temp table seed_people as
       select array_agg(id order by id) filter (where role in (${staffRoles})) as staff,
              array_agg(id order by id) filter (where role = 'creative') as creatives
       from users;
       create temp table seed_clients as
       select b.n, b.id as business_id, array_agg(u.id order by u.id) as ids, count(*)::int as count
       from seed_businesses b join users u on u.business_id = b.id and u.role = 'client'
       group by b.n, b.id;
       analyze seed_businesses, seed_people, seed_clients`,
      );

      // Projects: created over two years, each business in turn; a fifth archived, from the older ones.
      const P = size.projects;
      await step(
        "projects",
        `insert into projects (id, business_id, name, title, event, archived, assignee_id, created_by, created_at, last_activity_at)
       select 'scale-p' || p, c.business_id, to_char(t at time zone 'UTC', 'YYYY-MM-DD') || '-' || replace(title, ' ', '-'), title,
              (array[${list(PROJECT_EVENTS)}])[1 + p % ${PROJECT_EVENTS.length}],
              p < ${Math.floor(0.4 * P)} and ${rnd("p", 1)} < 0.5,
              case when ${rnd("p", 2)} < 0.1 then null
                   else s.creatives[1 + floor(${rnd("p", 3)} * cardinality(s.creatives))::int] end,
              c.ids[1 + floor(${rnd("p", 4)} * c.count)::int], t, t
       from (
         select p, now() - interval '740 days' + (p::float8 / ${P}) * interval '720 days' as t,
                (array[${list(TITLES_A)}])[1 + floor(${rnd("p", 5)} * ${TITLES_A.length})::int] || ' ' ||
                (array[${list(TITLES_B)}])[1 + floor(${rnd("p", 6)} * ${TITLES_B.length})::int] || ' ' || p as title
         from generate_series(0, ${P - 1}) p
       ) x
       join seed_clients c on c.n = p % ${B + 1}
       cross join seed_people s`,
      );

      // Comments: the j-th comment of project p is number k = j * P + p, over ten days after the project started.
      // Its event (when it is not a reply) is a function of k, so a reply can take its parent's: a reply to an
      // internal note is one too (replyEvent in @atelier/domain), other replies are plain. A few are orphans.
      const N = size.comments;
      const baseEvent = (k: string, j: string) => `case when ${j} = 0 then 'briefing'
        when ${rnd(k, 10)} < 0.05 then 'shadow'
        when ${rnd(k, 10)} < 0.06 then 'in_progress'
        when ${rnd(k, 10)} < 0.08 then 'proof_sent'
        when ${rnd(k, 10)} < 0.10 then 'modification'
        when ${rnd(k, 10)} < 0.115 then 'approved'
        when ${rnd(k, 10)} < 0.12 then 'delivered'
        when ${rnd(k, 10)} < 0.125 then 'reopened'
        when ${rnd(k, 10)} < 0.128 then 'briefing'
        when ${rnd(k, 10)} < 0.13 then 'invoice_sent' end`;
      const isReply = (k: string, j: string) => `(${j} > 0 and ${rnd(k, 11)} < 0.1)`;
      await step(
        "comments",
        `insert into comments (id, project_id, business_id, user_id, event, body, parent_id, is_child, created_at)
       select id, project_id, business_id,
              case when event in ('shadow', 'reopened', 'in_progress', 'proof_sent', 'delivered', 'invoice_sent') or (event is null and ${rnd("k", 12)} < 0.5)
                   then s.staff[1 + floor(${rnd("k", 13)} * cardinality(s.staff))::int]
                   else c.ids[1 + floor(${rnd("k", 13)} * c.count)::int] end,
              event, body, parent_id, is_child, created_at
       from (
         select k, 'scale-c' || k as id, 'scale-p' || p as project_id, p,
                case when reply then (case when parent_event = 'shadow' then 'shadow' end)
                     when orphan then null else own_event end as event,
                (array[${list(SENTENCES)}])[1 + floor(${rnd("k", 14)} * ${SENTENCES.length})::int] ||
                  case when ${rnd("k", 15)} < 0.5 then ' ' || (array[${list(SENTENCES)}])[1 + floor(${rnd("k", 16)} * ${SENTENCES.length})::int] else '' end
                  as body,
                case when reply then 'scale-c' || (k - ${P}) end as parent_id,
                reply or orphan as is_child,
                now() - interval '740 days' + (p::float8 / ${P}) * interval '720 days'
                  + (j + ${rnd("k", 17)}) * interval '10 days' / ${Math.ceil(N / P)} as created_at
         from (
           select k, p, j, ${baseEvent("k", "j")} as own_event, ${baseEvent(`k - ${P}`, "j - 1")} as parent_event,
                  ${isReply("k", "j")} and not ${isReply(`k - ${P}`, "j - 1")} as reply,
                  j > 0 and ${rnd("k", 11)} >= 0.1 and ${rnd("k", 11)} < 0.102 as orphan
           from generate_series(0, ${N - 1}) k, lateral (select k % ${P} as p, k / ${P} as j) pj
         ) x
       ) c0
       join seed_clients c on c.n = c0.p % ${B + 1}
       cross join seed_people s
       order by created_at, id`,
      );

      // A project's stage is its last stage event's, as createComment moves it.
      await step(
        "project stages",
        `update projects set stage = last.event
       from (
         select distinct on (project_id) project_id, event from comments
         where event in (${stageEvents}) order by project_id, seq desc
       ) last
       where last.project_id = projects.id`,
      );
      // What the projects' triggers keep (they do not fire while the keys are deferred): the search text, and the
      // latest activity everyone on the project sees.
      await step(
        "project search and activity",
        `update projects set search = project_search_text(name, business_id, assignee_id),
         last_activity_at = coalesce(last.at, projects.created_at)
       from (select p.id, max(c.created_at) filter (where ${notInternal("c.event")}) as at
             from projects p left join comments c on c.project_id = p.id group by p.id) last
       where last.id = projects.id`,
      );

      // Reads: every author has read their comment (createComment marks it); 90 % are read by one more person who may
      // see them: a staff member, or for what clients see, one of the business's people half the time.
      await step(
        "comment reads",
        `insert into comment_reads (comment_id, user_id, read_at)
       select id, user_id, created_at from comments where user_id is not null
       union all
       select id, reader, created_at + interval '3 hours'
       from (
         select c.id, c.created_at, c.user_id as author,
                case when picked is distinct from c.user_id then picked
                     else pool[1 + (array_position(pool, picked) % cardinality(pool))] end as reader
         from comments c
         join seed_clients b on b.business_id = c.business_id
         cross join seed_people s,
         lateral (select case when not (${notInternal("c.event")}) or ${rnd("c.seq", 20)} < 0.5 then s.staff else b.ids end as pool) p,
         lateral (select pool[1 + floor(${rnd("c.seq", 21)} * cardinality(pool))::int] as picked) q
         where ${rnd("c.seq", 22)} < 0.9
       ) r
       -- Someone alone in the pool who wrote the comment has no one else to read it.
       where reader is distinct from author`,
      );

      // Watermarks: each person has read everything up to a recent point and has a few hundred (clients) to a few
      // thousand (staff) comments they may see after it; the demo users a number the bell shows at once.
      const demoUnread = Object.entries({ "demo-admin": 240, "demo-creative": 180, "demo-client": 130 })
        .map(([id, n]) => `when '${id}' then ${n}`)
        .join(" ");
      const wanted = `case u.id ${demoUnread} else case when u.role in (${staffRoles})
      then ${unreadAfter("hashtext(u.id)", 30, 500, 5000)} else ${unreadAfter("hashtext(u.id)", 30, 100, 1000)} end end`;
      // At small scales nobody keeps more than 30 % of what they may see unread.
      const keep = (visible: number) => `least(${wanted}, ${Math.floor(0.3 * visible)})::int`;
      await step(
        "read watermarks",
        `update users u set read_through_seq = coalesce(case when u.role in (${staffRoles})
         then (select seq from comments order by seq desc offset ${keep(N)} limit 1)
         else (select seq from comments c where c.business_id = u.business_id and ${notInternal("c.event")}
               order by c.created_at desc, c.id desc offset ${keep(Math.ceil((0.95 * N) / (B + 1)))} limit 1) end, 0)`,
      );

      // The inbox, by the rule of the inbox migration's backfill, after each person's watermark. Staff and the others
      // are two halves of one statement so each joins on an index instead of testing every pair.
      // Nobody's notifications start before the lowest watermark: said as a constant, the planner reads only that part
      // of the comments (by their seq index) instead of pairing all of history with every person.
      await step("statistics", "analyze users, comments, comment_reads");
      const lowest = await sql<{ seq: number }>`select coalesce(min(read_through_seq), 0)::bigint as seq from users`.execute(conn);
      const since = Number(lowest.rows[0]?.seq ?? 0);
      const notification = `c.seq > ${since} and c.user_id is distinct from u.id and not (c.is_child and c.parent_id is null)
      and not exists (select 1 from comment_reads r where r.comment_id = c.id and r.user_id = u.id)`;
      await step(
        "inbox",
        `insert into inbox (user_id, comment_id, project_id, seq, created_at)
       select u.id, c.id, c.project_id, c.seq, c.created_at
       from users u join comments c on c.seq > u.read_through_seq
       where u.role in (${staffRoles}) and ${notification}
       union all
       select u.id, c.id, c.project_id, c.seq, c.created_at
       from users u join comments c on c.business_id = u.business_id and c.seq > u.read_through_seq
       where u.role not in (${staffRoles}) and ${notInternal("c.event")} and ${notification}`,
      );
      if (deferredKeys) {
        await sql.raw("set session_replication_role = origin").execute(conn);
        await checkForeignKeys(conn, log);
      }
      await step("analyze", "drop table seed_businesses, seed_people, seed_clients; analyze");
    } finally {
      // The connection goes back to the pool as it came, whatever failed: the search indexes as they were, keys
      // checked, its usual settings.
      await gin.merge();
      await sql.raw("reset all").execute(conn);
    }
  });

  const counts: Record<string, number> = {};
  for (const table of ["businesses", "users", "projects", "comments", "comment_reads", "inbox"]) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    counts[table] = r.rows[0]?.n ?? 0;
  }
  return { counts, seconds: (performance.now() - started) / 1000 };
}
