// Sends mail over SMTP when a server is configured; otherwise keeps it in the dev mailbox and prints it.
import type { Db, MailAttachment } from "@atelier/db";
import nodemailer from "nodemailer";

export interface Mail {
  /** The outbox row it comes from: its Message-ID, so a mail sent twice is recognisably one. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly MailAttachment[];
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
      async send({ id, attachments = [], ...mail }) {
        await transport.sendMail({
          from,
          ...mail,
          ...(id ? { messageId: `<${id}@outbox.atelier>` } : {}),
          attachments: attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.base64,
            encoding: "base64",
          })),
        });
      },
    };
  }
  return {
    kind: "dev-mailbox",
    // The dev mailbox keeps the mail whole, its files too, to be read and downloaded at /dev/mailbox.
    async send({ id: _id, attachments = [], ...mail }) {
      await db
        .insertInto("devMail")
        .values({ ...mail, attachments: attachments.length ? JSON.stringify(attachments) : null })
        .execute();
      // Who and what only: a mail's body may hold a sign-in link, which is no log's to keep.
      const listed = attachments.length ? `, ${attachments.length} file${attachments.length === 1 ? "" : "s"}` : "";
      log(`[dev mailbox] to ${mail.to}: ${mail.subject}${listed} (read it at /dev/mailbox)`);
    },
  };
}
