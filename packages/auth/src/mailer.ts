// Sends mail over SMTP when a server is configured; otherwise keeps it in the dev mailbox and prints it.
import type { Db } from "@atelier/db";
import nodemailer from "nodemailer";

export interface Mail {
  /** The outbox row it comes from: its Message-ID, so a mail sent twice is recognisably one. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(mail: Mail): Promise<void>;
}

export interface MailerConfig {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log?: (line: string) => void;
}

export function createMailer({ smtpUrl, from, db, log = console.log }: MailerConfig): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      async send({ id, ...mail }) {
        await transport.sendMail({ from, ...mail, ...(id ? { messageId: `<${id}@outbox.atelier>` } : {}) });
      },
    };
  }
  return {
    kind: "dev-mailbox",
    async send({ id: _id, ...mail }) {
      await db.insertInto("devMail").values(mail).execute();
      log(`[dev mailbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function listDevMail(db: Db, limit = 50) {
  return db.selectFrom("devMail").selectAll().orderBy("id", "desc").limit(limit).execute();
}
