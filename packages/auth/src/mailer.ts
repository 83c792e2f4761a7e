// Sends mail over SMTP when a server is configured; otherwise keeps it in the dev mailbox and prints it.
import type { Db } from "@atelier/db";
import nodemailer from "nodemailer";

export interface Mail {
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
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  return {
    kind: "dev-mailbox",
    async send(mail) {
      await db.insertInto("devMail").values(mail).execute();
      log(`[dev mailbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

export function listDevMail(db: Db, limit = 50) {
  return db.selectFrom("devMail").selectAll().orderBy("id", "desc").limit(limit).execute();
}
