// Mail: the outbox every mail goes through, the mailer behind it (SMTP or the dev mailbox), and the mails themselves.
export { commentMail } from "./comment-mail";
export { invoiceMail, invoiceReminderMail } from "./invoice-mail";
export { createMailer, listDevMail, type Mail, type Mailer, type MailerConfig } from "./mailer";
export { createOutbox, OUTBOX_POLL_MS, type Outbox, type OutboxConfig } from "./outbox";
export { invitationMail, magicLinkMail, signUpMail } from "./sign-in-mails";
