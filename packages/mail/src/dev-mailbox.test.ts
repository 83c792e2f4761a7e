import { describe, expect, it } from "vitest";
import { mailLinks } from "./dev-mailbox";
import { invoiceMail } from "./invoice-mail";
import { invitationMail } from "./sign-in-mails";

describe("mailLinks", () => {
  it("names each link of a mail by the words it is shown with", () => {
    const mail = invoiceMail({
      to: "c@example.test",
      studio: "Atelier",
      number: "INV-2026-0001",
      kind: "invoice",
      total: 1000,
      currency: "EUR",
      dueAt: null,
      url: "http://app.test/settings/invoices/i1?a=1&b=2",
    });
    expect(mailLinks(mail)).toEqual([{ href: "http://app.test/settings/invoices/i1?a=1&b=2", label: "View invoice INV-2026-0001" }]);
    const invitation = invitationMail({ to: "x@example.test", inviter: "Ann </a><b>", link: "http://app.test/sign-in?t=1" });
    expect(mailLinks(invitation)).toEqual([{ href: "http://app.test/sign-in?t=1", label: "Sign in" }]);
  });

  it("reads a text-only mail's links by the words before them, and leaves out what is no web link", () => {
    expect(mailLinks({ html: '<a href="javascript:alert(1)">x</a>', text: "Sign in: http://app.test/a\nhttp://app.test/b\n" })).toEqual([
      { href: "http://app.test/a", label: "Sign in" },
      { href: "http://app.test/b", label: "http://app.test/b" },
    ]);
  });
});
