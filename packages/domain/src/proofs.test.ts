import { describe, expect, it } from "vitest";
import { canViewComment, internalNoteEvent } from "./internal-notes";
import { PROJECT_STAGE_VALUES, type ProjectStage, stageAfter } from "./projects";
import {
  actingFor,
  allowedActions,
  canCommentWithEvent,
  canTakeAction,
  commentEventRefusal,
  commentKinds,
  nextRevision,
  nextRound,
  pinChangeRefusal,
  pinFits,
  proofAnswerRefusal,
  revisionLedger,
  STAGE_ACTION_VALUES,
  STAGE_ACTIONS,
  type StageAction,
  unapprovedFiles,
} from "./proofs";
import { ROLES, type Role } from "./roles";

// The whole machine, written out: for each stage, what each role may do there.
const EXPECTED: Record<ProjectStage, Record<Role, StageAction[]>> = {
  new: { admin: ["brief"], creative: ["brief"], client: ["brief"] },
  briefing: { admin: ["start", "sendProof"], creative: ["start", "sendProof"], client: [] },
  in_progress: { admin: ["sendProof"], creative: ["sendProof"], client: [] },
  proof_sent: { admin: ["sendProof", "requestChanges", "approve"], creative: ["sendProof"], client: ["requestChanges", "approve"] },
  modification: { admin: ["start", "sendProof"], creative: ["start", "sendProof"], client: [] },
  approved: { admin: ["sendProof", "deliver", "reopen"], creative: ["sendProof", "deliver", "reopen"], client: ["reopen"] },
  delivered: { admin: ["reopen"], creative: ["reopen"], client: ["reopen"] },
  reopened: { admin: ["start", "sendProof"], creative: ["start", "sendProof"], client: [] },
};

describe("the stage machine", () => {
  const cases = PROJECT_STAGE_VALUES.flatMap((stage) =>
    ROLES.flatMap((role) => STAGE_ACTION_VALUES.map((action) => [role, stage, action, EXPECTED[stage][role].includes(action)] as const)),
  );

  it("covers every stage", () => expect(Object.keys(EXPECTED).sort()).toEqual([...PROJECT_STAGE_VALUES].sort()));

  it.each(cases)("%s in %s: %s -> %s", (role, stage, action, allowed) => {
    expect(canTakeAction(role, stage, action)).toBe(allowed);
  });

  it.each(PROJECT_STAGE_VALUES.flatMap((stage) => ROLES.map((role) => [stage, role] as const)))(
    "lists %s's actions for %s",
    (stage, role) => {
      expect(allowedActions(role, stage)).toEqual(EXPECTED[stage][role]);
    },
  );

  it.each(STAGE_ACTION_VALUES)("%s moves the project to the stage named after its event", (action) => {
    expect(stageAfter(STAGE_ACTIONS[action].event)).toBe(STAGE_ACTIONS[action].event);
  });

  it("never lets a designer answer for the client", () => {
    for (const stage of PROJECT_STAGE_VALUES) {
      expect(canTakeAction("creative", stage, "approve")).toBe(false);
      expect(canTakeAction("creative", stage, "requestChanges")).toBe(false);
    }
  });

  it("records an admin's answer as acting for the business, a client's as its own", () => {
    expect(actingFor("admin", "acme")).toBe("acme");
    expect(actingFor("client", "acme")).toBeNull();
  });
});

describe("comments.create's events", () => {
  // Every comment event × role × stage: plain comments always, internal notes for the studio,
  // and the stage events that are comments when the machine allows them; proof events never.
  const events = [null, "shadow", "briefing", "in_progress", "proof_sent", "modification", "approved", "delivered", "reopened"] as const;
  const byComment: Record<string, StageAction> = { briefing: "brief", in_progress: "start", delivered: "deliver", reopened: "reopen" };
  const cases = PROJECT_STAGE_VALUES.flatMap((stage) => ROLES.flatMap((role) => events.map((event) => [role, stage, event] as const)));

  it.each(cases)("%s in %s posting %s", (role, stage, event) => {
    const expected =
      event === null
        ? true
        : event === "shadow"
          ? role !== "client"
          : byComment[event] !== undefined && EXPECTED[stage][role].includes(byComment[event]);
    expect(canCommentWithEvent(role, stage, event)).toBe(expected);
  });

  it("the composer offers only those", () => {
    expect(commentKinds("client", "new").map((k) => k.label)).toEqual(["Comment", "Brief"]);
    expect(commentKinds("client", "proof_sent").map((k) => k.label)).toEqual(["Comment"]);
    expect(commentKinds("creative", "approved").map((k) => k.label)).toEqual(["Comment", "Reopen", "Internal note", "Deliver"]);
    expect(commentKinds("creative", "briefing").map((k) => k.label)).toEqual(["Comment", "Internal note", "Start work"]);
  });
});

describe("proof rounds", () => {
  it.each([
    [null, 1],
    [1, 2],
    [7, 8],
  ])("after round %s comes %s", (last, next) => expect(nextRound(last)).toBe(next));

  it.each([
    [{ round: 2, status: "sent" as const }, 2, null],
    [{ round: 1, status: "sent" as const }, 2, "Round 1 was replaced by round 2."],
    [{ round: 1, status: "superseded" as const }, 2, "Round 1 was replaced by round 2."],
    [{ round: 2, status: "approved" as const }, 2, "Round 2 is approved already."],
    [{ round: 2, status: "changes_requested" as const }, 2, "Changes to round 2 were requested already."],
  ])("answering %o when the latest is %s -> %s", (proof, latest, refusal) => expect(proofAnswerRefusal(proof, latest)).toBe(refusal));
});

describe("changing a pin's mark", () => {
  it.each([
    [{ byThisPerson: true, resolved: false }, "sent" as const, null],
    [{ byThisPerson: false, resolved: false }, "sent" as const, "FORBIDDEN"],
    [{ byThisPerson: false, resolved: true }, "approved" as const, "FORBIDDEN"],
    [{ byThisPerson: true, resolved: false }, "approved" as const, "PRECONDITION_FAILED"],
    [{ byThisPerson: true, resolved: false }, "changes_requested" as const, "PRECONDITION_FAILED"],
    [{ byThisPerson: true, resolved: false }, "superseded" as const, "PRECONDITION_FAILED"],
    [{ byThisPerson: true, resolved: true }, "sent" as const, "PRECONDITION_FAILED"],
  ])("%o on a round %s -> %s", (pin, status, code) => expect(pinChangeRefusal(pin, status)?.code ?? null).toBe(code));
});

describe("the revision ledger", () => {
  it.each([
    [0, 3, { used: 0, allowance: 3, remaining: 3, label: "round 0 of 3 used" }],
    [2, 3, { used: 2, allowance: 3, remaining: 1, label: "round 2 of 3 used" }],
    [4, 3, { used: 4, allowance: 3, remaining: 0, label: "round 4 of 3 used" }],
  ])("%s used of %s", (used, allowance, ledger) => expect(revisionLedger(used, allowance)).toEqual(ledger));

  it.each([
    [0, 3, { round: 1, billable: false, label: "round 1 of 3 used" }],
    [2, 3, { round: 3, billable: false, label: "round 3 of 3 used" }],
    [3, 3, { round: 4, billable: true, label: "round 4 of 3 used (billable)" }],
    [0, 0, { round: 1, billable: true, label: "round 1 of 0 used (billable)" }],
  ])("the next request after %s of %s", (used, allowance, next) => expect(nextRevision(used, allowance)).toEqual(next));
});

describe("pins", () => {
  it.each([
    [{ x: 0, y: 0 }, true],
    [{ x: 1, y: 1 }, true],
    [{ x: 0.5, y: 0.5, w: 0.5, h: 0.25 }, true],
    [{ x: 0.6, y: 0.5, w: 0.5, h: 0.25 }, false],
    [{ x: 0.5, y: 0.5, w: 0.1 }, false],
    [{ x: -0.1, y: 0.5 }, false],
    [{ x: 0.5, y: Number.NaN }, false],
  ])("%o fits: %s", (pin, fits) => expect(pinFits(pin)).toBe(fits));

  it.each([
    [false, "client", true],
    [true, "client", false],
    [true, "creative", true],
    [true, "admin", true],
  ] as const)("a pin (internal: %s) seen by %s -> %s", (internal, role, visible) =>
    expect(canViewComment({ event: internalNoteEvent(internal) }, role)).toBe(visible),
  );
});

describe("unapprovedFiles", () => {
  it("flags print-ready files whose bytes are not the approved ones, and files not hashed", () => {
    const files = [
      { name: "a.pdf", sha256: "a".repeat(64) },
      { name: "b.pdf", sha256: "b".repeat(64) },
      { name: "c.pdf", sha256: null },
    ];
    expect(unapprovedFiles(files, ["a".repeat(64)]).map((f) => f.name)).toEqual(["b.pdf", "c.pdf"]);
  });
});

describe("commentEventRefusal", () => {
  it.each([
    ["client", "new", "briefing", null],
    ["client", "new", "shadow", "FORBIDDEN"],
    ["client", "proof_sent", "approved", "BAD_INPUT"],
    ["admin", "proof_sent", "modification", "BAD_INPUT"],
    ["creative", "new", "proof_sent", "BAD_INPUT"],
    ["client", "approved", "delivered", "FORBIDDEN"],
    ["client", "briefing", "in_progress", "FORBIDDEN"],
    ["creative", "new", "delivered", "PRECONDITION_FAILED"],
    ["client", "delivered", "briefing", "PRECONDITION_FAILED"],
    ["creative", "delivered", "reopened", null],
  ] as const)("%s in %s posting %s -> %s", (role, stage, event, code) => {
    expect(commentEventRefusal(role, stage, event)?.code ?? null).toBe(code);
  });
});
