// Mail: the outbox every mail goes through, the mailer behind it (SMTP or the dev mailbox), and the mails themselves.

export { listDevMail } from "./dev-mailbox";
export { guestCodeMail } from "./guest-mails";
export { invoiceMail, invoiceReminderMail } from "./invoice-mail";
export { createMailer, type Mailer } from "./mailer";
export { createOutbox, type Outbox } from "./outbox";
export { reviewReminderMail, reviewStepMail } from "./review-mails";
export { invitationMail, magicLinkMail, signUpMail } from "./sign-in-mails";
