import { describe, expect, it } from "vitest";
import { slackLink, slackMessages, slackText } from "./slack";

const project = { title: "Menu <board> & sign", url: "https://atelier.test/projects/p1", business: { name: "Café & Co" } };

describe("Slack messages", () => {
  it("escapes what Slack reads as markup, in text and link labels, and keeps a link's URL whole", () => {
    expect(slackText("<!channel> & <@U123>")).toBe("&lt;!channel&gt; &amp; &lt;@U123&gt;");
    expect(slackLink("https://a.test/x?a=1|b>", "A <b>")).toBe("<https://a.test/x?a=1%7Cb%3E|A &lt;b&gt;>");
  });

  it("quotes a comment line by line, clipped, with no way to ping the channel", () => {
    const text = slackMessages.commentCreated("Ana <!here>", {
      comment: { body: `First line\n<!channel> look\n${"x".repeat(700)}`, internal: false, url: "https://atelier.test/c/1" },
      project,
    });
    const [head = "", ...quoted] = text.split("\n");
    expect(head).toBe("Ana &lt;!here&gt; commented on <https://atelier.test/c/1|Menu &lt;board&gt; &amp; sign> (Café &amp; Co)");
    expect(quoted.slice(0, 2)).toEqual(["> First line", "> &lt;!channel&gt; look"]);
    expect(quoted.every((line) => line.startsWith("> "))).toBe(true);
    expect(text).not.toMatch(/<!/);
    expect(text.length).toBeLessThan(head.length + 650);
    expect(text.endsWith("…")).toBe(true);
  });

  it("names a round, its files and its deadline; an invoice its amount in its currency", () => {
    expect(
      slackMessages.proofSent("Dora", {
        proof: { round: 2, url: "https://atelier.test/r/2", dueOn: "2026-12-04", files: [{}, {}] },
        project,
      }),
    ).toBe(
      "Dora sent round 2 of <https://atelier.test/r/2|Menu &lt;board&gt; &amp; sign> (Café &amp; Co) for review: 2 files, a decision by Dec 4, 2026",
    );
    expect(
      slackMessages.invoiceSent("Ada", {
        invoice: {
          number: "INV-2026-0007",
          kind: "invoice",
          currency: "EUR",
          total: 123_450,
          url: "https://atelier.test/i/7",
          dueAt: "2026-12-31",
          business: { name: "Café & Co" },
        },
      }),
    ).toBe("Ada sent invoice <https://atelier.test/i/7|INV-2026-0007> to Café &amp; Co: €1,234.50, due Dec 31, 2026");
    expect(
      slackMessages.filesAdded("Ana", { files: ["a.pdf", "b.png", "c.ai", "d.tif", "e.eps"].map((name) => ({ name })), project }),
    ).toBe(
      "Ana added 5 files to <https://atelier.test/projects/p1|Menu &lt;board&gt; &amp; sign> (Café &amp; Co): a.pdf, b.png, c.ai and 2 more",
    );
  });

  it("tells an approval in one line and a change request with its reasons", () => {
    const proof = { round: 1, url: "https://atelier.test/r/1" };
    expect(slackMessages.proofDecided("Ana", { decision: "approved", proof, comment: { body: "Lovely" }, project })).toBe(
      "Ana approved round 1 of <https://atelier.test/r/1|Menu &lt;board&gt; &amp; sign> (Café &amp; Co)",
    );
    expect(slackMessages.proofDecided("Ana", { decision: "changes_requested", proof, comment: { body: "Bigger logo" }, project })).toBe(
      "Ana asked for changes to round 1 of <https://atelier.test/r/1|Menu &lt;board&gt; &amp; sign> (Café &amp; Co)\n> Bigger logo",
    );
  });
});
