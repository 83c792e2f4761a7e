// Delivers the mail outbox: a worker in each web instance sends what is due, with retries and backoff.
// Mail is written as a row in the transaction that caused it (see enqueueMail), so a crash or an SMTP
// outage delays it and loses none. Instances claim rows with a lease and skip each other's, so no mail
// is sent by two at once; each mail carries a Message-ID made of its row id, so a mail sent again after
// a crash between the server's acceptance and the row's update can be recognised as the same one.
import {
  claimDueMail,
  currentGathering,
  type Db,
  enqueueGathering,
  enqueueMail,
  type GatheringItem,
  markMailFailed,
  markMailRetry,
  markMailSent,
  markMailWithdrawn,
  type NewMail,
  NOTHING_LEFT_TO_SEND,
  type OutboxMail,
} from "@atelier/db";
import { MAIL_SEND_LEASE_MS, nextMailAttempt } from "@atelier/domain";
import { commentDigestMail } from "./comment-mail";
import type { Mail, Mailer } from "./mailer";

/**
 * The mail as it goes now, or null when nothing is left to send. A gathered mail is written from its items when it
 * is sent, to its recipient as they are then: their current address, and only what they may still see.
 */
async function render(db: Db, mail: OutboxMail): Promise<Mail | null> {
  const attachments = mail.attachments ? { attachments: mail.attachments } : {};
  if (mail.payload === null) return { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...attachments };
  const current = await currentGathering(db, mail);
  if (!current) return null;
  return { ...commentDigestMail(current.to, current.items, { staff: current.staff, time: current.time }), id: mail.id, ...attachments };
}

/** How often each instance looks for due mail when nothing wakes it sooner. */
const OUTBOX_POLL_MS = 2_000;
const BATCH = 20;

export interface Outbox {
  /** Writes mail to deliver, in `db` (pass the transaction that writes its cause); call `kick()` after it commits. */
  enqueue(db: Db, mails: readonly NewMail[]): Promise<string[]>;
  /** Adds items (comments) to the mail gathering them for each key, or starts it; written when it is sent. */
  gather(db: Db, items: readonly GatheringItem[]): Promise<void>;
  /** Tries these mails at once; a failure leaves them to the worker's retries. */
  deliverNow(ids: readonly string[]): Promise<void>;
  /** Looks for due mail now rather than at the next poll. */
  kick(): void;
  /** A mailer whose mail goes through the outbox and is tried at once: for mail someone is waiting for. */
  immediate(kind: string): Mailer;
  start(): void;
  stop(): Promise<void>;
  /** Whether this instance's worker delivers mail (started, not stopped). */
  running(): boolean;
}

export interface OutboxConfig {
  db: Db;
  /** Where mail goes in the end: SMTP, or the dev mailbox. */
  transport: Mailer;
  now?: () => Date;
  pollMs?: number;
  log?: (line: string) => void;
}

export function createOutbox({
  db,
  transport,
  now = () => new Date(),
  pollMs = OUTBOX_POLL_MS,
  log = console.error,
}: OutboxConfig): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;

  async function attempt(mail: OutboxMail): Promise<void> {
    try {
      const written = await render(db, mail);
      if (!written) {
        await markMailWithdrawn(db, mail.id, NOTHING_LEFT_TO_SEND);
        return;
      }
      await transport.send(written);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = nextMailAttempt(mail.attempts, mail.createdAt, now());
      if ("failed" in outcome) {
        await markMailFailed(db, mail.id, reason);
        log(`mail ${mail.id} (${mail.kind}) to ${mail.to} failed for good after ${mail.attempts} attempts: ${reason}`);
      } else {
        await markMailRetry(db, mail.id, outcome.retryAt, reason);
      }
      return;
    }
    await markMailSent(db, mail.id, now());
  }

  async function deliver(ids?: readonly string[]): Promise<number> {
    const claimed = await claimDueMail(db, { now: now(), leaseMs: MAIL_SEND_LEASE_MS, limit: BATCH, ...(ids ? { ids } : {}) });
    await Promise.all(claimed.map(attempt));
    return claimed.length;
  }

  /** When the pending pass is due (ms since the epoch); a later one never replaces it. */
  let timerDue = Number.POSITIVE_INFINITY;

  function schedule(delay: number): void {
    if (!started) return;
    const due = Date.now() + delay;
    // A kick that lands while a pass is finishing sets a pass for now; the finishing pass then asks for one a poll
    // away, which must not push the kick's back (its mail would wait a whole poll).
    if (timer !== undefined && timerDue <= due) return;
    clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = undefined;
      timerDue = Number.POSITIVE_INFINITY;
      pass();
    }, delay);
    timer.unref();
  }

  function pass(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // A full batch means more may be due: go on at once.
        while ((await deliver()) === BATCH) {}
      } catch (error) {
        log(`mail outbox: ${error instanceof Error ? error.message : String(error)}`);
      }
    })().finally(() => {
      running = undefined;
      const soon = again;
      again = false;
      schedule(soon ? 0 : pollMs);
    });
  }

  async function deliverNow(ids: readonly string[]): Promise<void> {
    try {
      await deliver(ids);
    } catch (error) {
      log(`mail outbox: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    enqueue: (target, mails) => enqueueMail(target, mails, now()),
    gather: (target, items) => enqueueGathering(target, items, now()),
    deliverNow,
    kick: () => schedule(0),
    immediate(kind) {
      return {
        kind: transport.kind,
        send: async (mail) => {
          const ids = await enqueueMail(db, [{ kind, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }], now());
          await deliverNow(ids);
        },
      };
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    running: () => started,
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      timerDue = Number.POSITIVE_INFINITY;
      await running;
    },
  };
}
