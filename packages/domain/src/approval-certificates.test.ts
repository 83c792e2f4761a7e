import { describe, expect, it } from "vitest";
import { APPROVAL_RULE, type ApprovedRound, canonicalJson, certificateIdInput, certificateRecord } from "./approval-certificates";

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
