import { describe, expect, it } from "vitest";
import { reviewersInput } from "./approval-chain-inputs";
import {
  CHAIN_APPROVAL_RULE,
  type ChainReviewer,
  chainState,
  type Decision,
  decisionRefusal,
  hasChain,
  startedReviewers,
} from "./approval-chains";

const approver = (email: string, step = 1, decision: Decision | null = null): ChainReviewer => ({
  email,
  role: "approver",
  step,
  decision,
});
const reviewer = (email: string, step = 1, decision: Decision | null = null): ChainReviewer => ({
  email,
  role: "reviewer",
  step,
  decision,
});

describe("the approval rule", () => {
  it("is a chain only when it names an approver", () => {
    expect(hasChain([])).toBe(false);
    expect(hasChain([reviewer("r@x.test")])).toBe(false);
    expect(hasChain([reviewer("r@x.test"), approver("a@x.test")])).toBe(true);
  });

  it("waits with two required approvers after one approval, and is approved after both", () => {
    expect(chainState([approver("a@x.test"), approver("b@x.test")])).toMatchObject({ status: "waiting", currentStep: 1 });
    expect(chainState([approver("a@x.test", 1, "approved"), approver("b@x.test")])).toMatchObject({ status: "waiting", currentStep: 1 });
    expect(chainState([approver("a@x.test", 1, "approved"), approver("b@x.test", 1, "approved")])).toEqual({
      status: "approved",
      currentStep: null,
      steps: [1],
      stalled: false,
    });
  });

  it("counts approved with changes as approved", () => {
    expect(chainState([approver("a@x.test", 1, "approved_with_changes"), approver("b@x.test", 1, "approved")]).status).toBe("approved");
    expect(chainState([approver("a@x.test", 1, "approved_with_changes")]).status).toBe("approved");
  });

  it("needs changes as soon as one approver asks for them, whatever the others and the steps", () => {
    const state = chainState([approver("a@x.test", 1, "changes_required"), approver("b@x.test"), approver("c@x.test", 2)]);
    expect(state).toMatchObject({ status: "changes_required", currentStep: null });
    expect(chainState([approver("a@x.test", 1, "approved"), approver("c@x.test", 2, "changes_required")]).status).toBe("changes_required");
  });

  it("keeps a step current until all its approvers decided, then starts the next in order, gaps and all", () => {
    const chain = [approver("m@x.test", 1), approver("n@x.test", 1), approver("legal@x.test", 5)];
    expect(chainState(chain)).toMatchObject({ currentStep: 1, steps: [1, 5] });
    chain[0] = approver("m@x.test", 1, "approved");
    expect(chainState(chain).currentStep).toBe(1);
    chain[1] = approver("n@x.test", 1, "not_relevant");
    expect(chainState(chain)).toMatchObject({ status: "waiting", currentStep: 5 });
    chain[2] = approver("legal@x.test", 5, "approved");
    expect(chainState(chain).status).toBe("approved");
  });

  it("never lets reviewers hold the round up", () => {
    const chain = [reviewer("r@x.test", 1), approver("a@x.test", 1, "approved"), reviewer("late@x.test", 3)];
    expect(chainState(chain)).toMatchObject({ status: "approved", steps: [1] });
  });

  it("skips steps that hold only reviewers", () => {
    const chain = [approver("a@x.test", 1, "approved"), reviewer("r@x.test", 2), approver("b@x.test", 3)];
    expect(chainState(chain)).toMatchObject({ status: "waiting", currentStep: 3, steps: [1, 3] });
  });

  it("lets a not relevant approver step aside, and stalls when every approver did", () => {
    expect(chainState([approver("a@x.test", 1, "not_relevant"), approver("b@x.test", 1, "approved")]).status).toBe("approved");
    expect(chainState([approver("a@x.test", 1, "not_relevant")])).toEqual({
      status: "waiting",
      currentStep: null,
      steps: [1],
      stalled: true,
    });
  });

  it("tells the people of every step begun so far, and nobody once the round is decided", () => {
    const chain = [approver("a@x.test", 1, "approved"), reviewer("r@x.test", 2), approver("b@x.test", 3), approver("c@x.test", 4)];
    expect(startedReviewers(chain, chainState(chain)).map((r) => r.email)).toEqual(["a@x.test", "r@x.test", "b@x.test"]);
    const done = [approver("a@x.test", 1, "approved")];
    expect(startedReviewers(done, chainState(done))).toEqual([]);
  });

  it("is written out for people, naming what it decides by", () => {
    for (const words of ["step", "approved with changes", "asks for them", "Reviewers"]) expect(CHAIN_APPROVAL_RULE).toContain(words);
  });
});

describe("who may decide", () => {
  const chain = [approver("m@x.test", 1), reviewer("r@x.test", 1), approver("legal@x.test", 2), approver("done@x.test", 1, "approved")];

  it("lets a current-step approver decide, whatever the case of their address", () => {
    expect(decisionRefusal(chain, "m@x.test", 2)).toBeNull();
    expect(decisionRefusal(chain, "M@X.test", 2)).toBeNull();
  });

  it("refuses people not named and reviewers as forbidden", () => {
    expect(decisionRefusal(chain, "other@x.test", 2)).toMatchObject({ code: "FORBIDDEN" });
    expect(decisionRefusal(chain, null, 2)).toMatchObject({ code: "FORBIDDEN" });
    expect(decisionRefusal(chain, "r@x.test", 2)).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("only its approvers"),
    });
  });

  it("refuses a later step's approver and one who decided as a precondition", () => {
    expect(decisionRefusal(chain, "legal@x.test", 2)).toEqual({
      code: "PRECONDITION_FAILED",
      message: "Step 2 of round 2 starts when step 1 is decided.",
    });
    expect(decisionRefusal(chain, "done@x.test", 2)).toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringContaining("already"),
    });
  });

  it("refuses everyone once the round is decided", () => {
    const decided = [approver("a@x.test", 1, "changes_required"), approver("b@x.test", 1)];
    expect(decisionRefusal(decided, "b@x.test", 1)).toMatchObject({ code: "PRECONDITION_FAILED" });
  });
});

describe("the reviewers' input", () => {
  it("takes addresses in lower case with step 1 by default", () => {
    expect(reviewersInput.parse([{ email: " Legal@Example.COM ", role: "approver" }])).toEqual([
      { email: "legal@example.com", role: "approver", step: 1 },
    ]);
  });

  it("refuses an address named twice, a bad role, a bad step and a bad address", () => {
    expect(
      reviewersInput.safeParse([
        { email: "a@x.test", role: "approver" },
        { email: "A@x.test", role: "reviewer" },
      ]).success,
    ).toBe(false);
    expect(reviewersInput.safeParse([{ email: "a@x.test", role: "owner" }]).success).toBe(false);
    expect(reviewersInput.safeParse([{ email: "a@x.test", role: "approver", step: 0 }]).success).toBe(false);
    expect(reviewersInput.safeParse([{ email: "a@x.test", role: "approver", step: 1.5 }]).success).toBe(false);
    expect(reviewersInput.safeParse([{ email: "</script>", role: "approver" }]).success).toBe(false);
  });
});
