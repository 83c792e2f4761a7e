// Delivers the mail outbox: a worker in each web instance sends what is due, with retries and backoff.
// Mail is written as a row in the transaction that caused it (see enqueueMail), so a crash or an SMTP
// outage delays it and loses none. Instances claim rows with a lease and skip each other's, so no mail
// is sent by two at once; each mail carries a Message-ID made of its row id, so a mail sent again after
// a crash between the server's acceptance and the row's update can be recognised as the same one.
// Each mail records the request that wrote it, and the log of what became of a mail names that request (README,
// "Monitoring"). A stopping instance finishes the sends in hand before it lets go (stop()).
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
import { currentRequestId, errorType, failSpan, logger, type Span, withoutTrace, withSpan } from "@atelier/observability";
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
  /** What became of each mail, by its id, kind and causing request; never its address or words. */
  log?: OutboxLog;
}

type LogFn = (entry: Record<string, unknown>, message: string) => void;
/** A log such as the process's (pino's Logger is one). */
export interface OutboxLog {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** A server's refusal as the log tells it: an address it names (550 <ada@example.com>…) left out. */
const withoutAddresses = (reason: string) => reason.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]");

/** The request a new mail is written for, when it is written while answering one. */
function causedBy(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

export function createOutbox({
  db,
  transport,
  now = () => new Date(),
  pollMs = OUTBOX_POLL_MS,
  log = logger("outbox"),
}: OutboxConfig): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  /** Sends under way, the worker's and those tried at once (deliverNow): a stop waits for them. */
  const inHand = new Set<Promise<void>>();

  // One span per attempt (README, "Traces"): the row, its kind and the outcome; never the address or the text.
  const attempt = (mail: OutboxMail): Promise<void> =>
    withSpan("mail send", { "atelier.mail.id": mail.id, "atelier.mail.kind": mail.kind, "atelier.mail.attempt": mail.attempts }, (span) =>
      attemptOnce(mail, span),
    );

  async function attemptOnce(mail: OutboxMail, span: Span): Promise<void> {
    const entry = { mailId: mail.id, kind: mail.kind, reqId: mail.requestId ?? undefined, attempt: mail.attempts };
    try {
      const written = await render(db, mail);
      if (!written) {
        await markMailWithdrawn(db, mail.id, NOTHING_LEFT_TO_SEND);
        span.setAttribute("atelier.mail.outcome", "withdrawn");
        log.info(entry, "mail withdrawn: nothing left to tell");
        return;
      }
      await transport.send(written);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = nextMailAttempt(mail.attempts, mail.createdAt, now());
      failSpan(span, errorType(error));
      if ("failed" in outcome) {
        await markMailFailed(db, mail.id, reason);
        span.setAttribute("atelier.mail.outcome", "failed");
        log.error({ ...entry, reason: withoutAddresses(reason) }, "mail failed for good");
      } else {
        await markMailRetry(db, mail.id, outcome.retryAt, reason);
        span.setAttribute("atelier.mail.outcome", "retry");
        log.warn({ ...entry, reason: withoutAddresses(reason), retryAt: outcome.retryAt.toISOString() }, "mail not sent, will retry");
      }
      return;
    }
    await markMailSent(db, mail.id, now());
    span.setAttribute("atelier.mail.outcome", "sent");
    log.info(entry, "mail sent");
  }

  async function deliver(ids?: readonly string[]): Promise<number> {
    const claimed = await claimDueMail(db, { now: now(), leaseMs: MAIL_SEND_LEASE_MS, limit: BATCH, ...(ids ? { ids } : {}) });
    await Promise.all(
      claimed.map((mail) => {
        const sending = attempt(mail);
        inHand.add(sending);
        return sending.finally(() => inHand.delete(sending));
      }),
    );
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
    // A kick comes from a request: the pass it sets off is not part of that request's trace.
    timer = withoutTrace(() =>
      setTimeout(() => {
        timer = undefined;
        timerDue = Number.POSITIVE_INFINITY;
        pass();
      }, delay),
    );
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
        log.error({ err: error }, "mail outbox pass failed");
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
      log.error({ err: error }, "mail outbox failed to send at once");
    }
  }

  return {
    enqueue: (target, mails) =>
      enqueueMail(
        target,
        mails.map((mail) => ({ ...causedBy(), ...mail })),
        now(),
      ),
    gather: (target, items) =>
      enqueueGathering(
        target,
        items.map((item) => ({ ...causedBy(), ...item })),
        now(),
      ),
    deliverNow,
    kick: () => schedule(0),
    immediate(kind) {
      return {
        kind: transport.kind,
        send: async (mail) => {
          const ids = await enqueueMail(
            db,
            [{ kind, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...causedBy() }],
            now(),
          );
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
      // A mail the server is taking now is recorded as sent (or for a retry) before the instance goes.
      await Promise.allSettled([...inHand]);
    },
  };
}
