import { describe, expect, it } from "vitest";
import {
  answerProblem,
  answerText,
  type Brief,
  briefChanges,
  briefLines,
  briefText,
  checkAnswers,
  INTAKE_TEXT_MAX_LENGTH,
  type IntakeField,
  newIntakeField,
} from "./intake";
import { intakeFieldInput, intakeFormInput } from "./intake-inputs";

const field = (kind: IntakeField["kind"], more: Partial<IntakeField> = {}): IntakeField => ({
  ...newIntakeField(kind, kind),
  label: kind,
  ...more,
});

describe("answerProblem", () => {
  it("refuses an empty required answer of every kind, and lets an optional one be empty", () => {
    for (const kind of ["text", "longText", "number", "choice", "date", "size", "colour", "file"] as const) {
      const empty = kind === "choice" || kind === "file" ? [] : kind === "number" ? undefined : "  ";
      expect(answerProblem(field(kind, { required: true, options: ["a", "b"] }), empty)).toBe(`${kind}: this is required.`);
      expect(answerProblem(field(kind, { options: ["a", "b"] }), empty)).toBeNull();
    }
  });

  it("takes 0 as a number answer", () => {
    expect(answerProblem(field("number", { required: true }), 0)).toBeNull();
  });

  it("checks each kind's answer", () => {
    expect(answerProblem(field("text"), "x".repeat(INTAKE_TEXT_MAX_LENGTH + 1))).toMatch(/keep it to 200/);
    expect(answerProblem(field("number"), "12")).toBe("number: give a number.");
    expect(answerProblem(field("number"), Number.POSITIVE_INFINITY)).toBe("number: give a number.");
    const one = field("choice", { options: ["Matte", "Gloss"] });
    expect(answerProblem(one, ["Matte"])).toBeNull();
    expect(answerProblem(one, ["Matte", "Gloss"])).toBe("choice: choose one.");
    expect(answerProblem({ ...one, multiple: true }, ["Matte", "Gloss"])).toBeNull();
    expect(answerProblem(one, ["Silk"])).toBe("choice: choose from the list.");
    expect(answerProblem({ ...one, multiple: true }, ["Matte", "Matte"])).toBe("choice: choose each option once.");
    expect(answerProblem(field("date"), "2026-02-30")).toBe("date: give a date.");
    expect(answerProblem(field("date"), "2028-02-29")).toBeNull();
    expect(answerProblem(field("size"), { width: 148, height: 210, unit: "mm" })).toBeNull();
    expect(answerProblem(field("size"), { width: 0, height: 210, unit: "mm" })).toMatch(/more than 0/);
    expect(answerProblem(field("size"), { width: 1, height: 2, unit: "ft" })).toMatch(/width and the height/);
    expect(answerProblem(field("colour"), "#1D4ED8")).toBeNull();
    expect(answerProblem(field("colour"), "blue")).toMatch(/#rrggbb/);
    expect(
      answerProblem(
        field("file"),
        Array.from({ length: 21 }, () => ({})),
      ),
    ).toMatch(/at most 20/);
  });
});

describe("checkAnswers", () => {
  const fields = [
    field("text", { id: "title", label: "Headline", required: true }),
    field("colour", { id: "ink", label: "Ink" }),
    field("number", { id: "copies", label: "Copies", unit: "copies" }),
  ];

  it("gives the tidied answers and leaves out the unanswered and the unknown", () => {
    const { answers, problems } = checkAnswers(fields, { title: "  Summer sale ", ink: "#FF0000", copies: "", stray: "x" });
    expect(problems).toEqual({});
    expect(answers).toEqual({ title: "Summer sale", ink: "#ff0000" });
  });

  it("names each problem by its field", () => {
    const { problems } = checkAnswers(fields, { title: " ", ink: "red", copies: 10 });
    expect(problems).toEqual({ title: "Headline: this is required.", ink: "Ink: give a colour as #rrggbb." });
  });
});

describe("the brief as text", () => {
  const brief: Brief = {
    fields: [
      field("size", { id: "s", label: "Size" }),
      field("choice", { id: "c", label: "Paper", options: ["Matte", "Gloss"], multiple: true }),
      field("date", { id: "d", label: "Event day" }),
      field("number", { id: "n", label: "Copies", unit: "copies" }),
      field("longText", { id: "t", label: "Copy" }),
      field("file", { id: "f", label: "Logo" }),
      field("text", { id: "x", label: "Left empty" }),
    ],
    answers: {
      s: { width: 148, height: 210.5, unit: "mm" },
      c: ["Matte", "Gloss"],
      d: "2026-12-15",
      n: 500,
      t: "Line one\nLine two",
      f: [{ fileId: "1", name: "logo.svg" }],
    },
  };

  it("reads each answer as people do, in the form's order, without the unanswered", () => {
    expect(briefLines(brief).map((l) => `${l.label}=${l.text}`)).toEqual([
      "Size=148 x 210.5 mm",
      "Paper=Matte, Gloss",
      "Event day=Dec 15, 2026",
      "Copies=500 copies",
      "Copy=Line one\nLine two",
      "Logo=logo.svg",
    ]);
    expect(briefText(brief)).toBe(
      "Size: 148 x 210.5 mm\nPaper: Matte, Gloss\nEvent day: Dec 15, 2026\nCopies: 500 copies\nCopy:\nLine one\nLine two\nLogo: logo.svg",
    );
  });

  it("names what an edit changed", () => {
    const after = { ...brief.answers, n: 1000, x: "Now given" };
    expect(briefChanges(brief.fields, brief.answers, after)).toEqual([
      { fieldId: "n", label: "Copies", before: "500 copies", after: "1000 copies" },
      { fieldId: "x", label: "Left empty", before: "", after: "Now given" },
    ]);
    expect(answerText(brief.fields[0]!, undefined)).toBe("");
  });
});

describe("intake form input", () => {
  it("asks a choice for two options and a size for a known unit, and drops what a kind does not use", () => {
    expect(intakeFieldInput.safeParse({ id: "a", kind: "choice", label: "Paper", options: ["Matte"] }).success).toBe(false);
    expect(intakeFieldInput.safeParse({ id: "a", kind: "size", label: "Size", unit: "ft" }).success).toBe(false);
    const text = intakeFieldInput.parse({ id: "a", kind: "text", label: " Headline ", unit: "mm", options: ["x"], multiple: true });
    expect(text).toMatchObject({ label: "Headline", unit: "", options: [], multiple: false, required: false, help: "" });
  });

  it("refuses a form with a field twice", () => {
    const a = { id: "a", kind: "text", label: "A" };
    expect(intakeFormInput.safeParse([a, a]).success).toBe(false);
    expect(intakeFormInput.safeParse([a, { ...a, id: "b" }]).success).toBe(true);
  });
});
