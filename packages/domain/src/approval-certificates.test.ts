import { describe, expect, it } from "vitest";
import { APPROVAL_RULE, type ApprovedRound, canonicalJson, certificateIdInput, certificateRecord } from "./approval-certificates";
import { CHAIN_APPROVAL_RULE } from "./approval-chains";

const round: ApprovedRound = {
  proofId: "p1",
  round: 2,
  sentAt: new Date("2026-11-27T10:00:00Z"),
  projectId: "pr1",
  projectName: "2026-11-27-Spring-Poster",
  projectTitle: "Spring poster",
  businessName: "Acme",
  approvedAt: new Date("2026-11-28T06:58:01.250Z"),
  verifiedBy: "session",
  guestName: null,
  guestEmail: null,
  approverName: "Ana Client",
  approverEmail: "ana@acme.test",
  ipAddress: "203.0.113.7",
  userAgent: "Mozilla/5.0",
  files: [{ name: "poster.pdf", size: 1234, sha256: "a".repeat(64) }],
  chain: [],
};

describe("canonicalJson", () => {
  it("sorts every object's keys, keeps array order and writes no spaces", () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: "x" }, true], é: "ü" })).toBe('{"a":[{"c":"x","d":null},true],"b":1,"é":"ü"}');
  });

  it("gives the same text for the same record whatever order its keys were made in", () => {
    const record = certificateRecord(round, "AAAAAAAAAAAAAAAAAAAAAA", "https://studio.test", new Date("2026-11-28T07:00:00Z"));
    const reversed = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reversed)
        : v && typeof v === "object"
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reversed(x)]),
            )
          : v;
    const shuffled = reversed(record);
    expect(JSON.stringify(shuffled)).not.toBe(JSON.stringify(record));
    expect(canonicalJson(shuffled)).toBe(canonicalJson(record));
    expect(JSON.parse(canonicalJson(record))).toEqual(record);
  });

  it("escapes hostile text as JSON does and refuses what a record never holds", () => {
    expect(canonicalJson({ name: '</script>"\n' })).toBe('{"name":"</script>\\"\\n"}');
    expect(() => canonicalJson({ n: 1.5 })).toThrow(/whole numbers/);
    expect(() => canonicalJson({ d: new Date(0) })).toThrow(/cannot hold/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/cannot hold/);
  });
});

describe("certificateRecord", () => {
  it("names the signed-in approver, their address, browser and time in UTC, the files and the rule", () => {
    const record = certificateRecord(round, "AAAAAAAAAAAAAAAAAAAAAA", "https://studio.test", new Date("2026-11-28T07:00:00Z"));
    expect(record.decisions).toEqual([
      {
        decision: "approved",
        label: "Approved",
        name: "Ana Client",
        email: "ana@acme.test",
        verifiedBy: "signed in",
        at: "2026-11-28T06:58:01.250Z",
        ipAddress: "203.0.113.7",
        userAgent: "Mozilla/5.0",
      },
    ]);
    expect(record.files).toEqual(round.files);
    expect(record.rule).toBe(APPROVAL_RULE);
    expect(record.round).toMatchObject({ number: 2, approvedAt: "2026-11-28T06:58:01.250Z" });
  });

  it("on a round with approvers, names every decision in step order with its role, reason and origin, and the chain's rule", () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 6, minute));
    const chained: ApprovedRound = {
      ...round,
      chain: [
        {
          email: "ana@acme.test",
          name: "Ana Client",
          role: "approver",
          step: 1,
          decision: "approved_with_changes",
          reason: "Fix the date later",
          decidedAt: at(1),
          verifiedBy: "session",
          ipAddress: "203.0.113.7",
          userAgent: "Mozilla/5.0",
        },
        {
          email: "lee@legal.test",
          name: "Lee",
          role: "approver",
          step: 2,
          decision: "approved",
          reason: null,
          decidedAt: at(9),
          verifiedBy: "email_code",
          ipAddress: "2001:db8::1",
          userAgent: null,
        },
      ],
    };
    const record = certificateRecord(chained, "AAAAAAAAAAAAAAAAAAAAAA", "https://studio.test", at(10));
    expect(record.rule).toBe(CHAIN_APPROVAL_RULE);
    expect(record.decisions).toEqual([
      {
        decision: "approved_with_changes",
        label: "Approved with changes",
        role: "approver",
        step: 1,
        reason: "Fix the date later",
        name: "Ana Client",
        email: "ana@acme.test",
        verifiedBy: "signed in",
        at: "2026-11-28T06:01:00.000Z",
        ipAddress: "203.0.113.7",
        userAgent: "Mozilla/5.0",
      },
      {
        decision: "approved",
        label: "Approved",
        role: "approver",
        step: 2,
        reason: null,
        name: "Lee",
        email: "lee@legal.test",
        verifiedBy: "e-mail code",
        at: "2026-11-28T06:09:00.000Z",
        ipAddress: "2001:db8::1",
        userAgent: null,
      },
    ]);
    // The signed text holds every decision: changing one's reason changes it.
    const other = { ...chained, chain: chained.chain.map((d) => ({ ...d, reason: d.reason && "Fine" })) };
    expect(canonicalJson(certificateRecord(other, "AAAAAAAAAAAAAAAAAAAAAA", "https://studio.test", at(10)))).not.toBe(
      canonicalJson(record),
    );
  });

  it("names a guest by the name and address their e-mail code verified", () => {
    const guest = {
      ...round,
      verifiedBy: "email_code" as const,
      approverName: null,
      approverEmail: null,
      guestName: "Lee",
      guestEmail: "lee@legal.test",
    };
    expect(certificateRecord(guest, "AAAAAAAAAAAAAAAAAAAAAA", "", new Date()).decisions[0]).toMatchObject({
      name: "Lee",
      email: "lee@legal.test",
      verifiedBy: "e-mail code",
    });
  });

  it("takes ids of 22 base64url characters only", () => {
    expect(certificateIdInput.safeParse("AbCdEfGhIjKlMnOpQrSt_-").success).toBe(true);
    for (const bad of ["", "short", "AbCdEfGhIjKlMnOpQrSt_-.json", "../../../etc/passwd12345", "AbCdEfGhIjKlMnOpQrSt+/"])
      expect(certificateIdInput.safeParse(bad).success).toBe(false);
  });
});
