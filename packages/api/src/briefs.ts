// Intake forms' answers as a project's brief (docs/services.md, "Intake forms"): checked against the service's form
// when a request is started, its files taken from the person's intake folder into the project's briefing files, and
// edited by the studio afterwards with each change recorded.
import { randomUUID } from "node:crypto";
import { type Db, findBusiness, lockProjectBrief, saveBriefEdit } from "@atelier/db";
import {
  type Brief,
  type BriefChange,
  briefChanges,
  canCreateProjectFor,
  checkAnswers,
  DomainError,
  INTAKE_FILES_MAX,
  type IntakeAnswers,
  type IntakeField,
  type IntakeFile,
  intakeAnswerInput,
  intakeFieldIdInput,
  isStaff,
  type SessionUser,
} from "@atelier/domain";
import { z } from "zod";
import { filesInFolder, uploadedFileColumns, uploadedFileInput } from "./file-input";
import type { Context } from "./trpc";

/** One request's intake folder: made by the page, a UUID or alike. */
export const intakeIdInput = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "An intake id is 8 to 64 letters, digits or dashes.");

const intakeFileInput = uploadedFileInput.extend({
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** The answers a request is sent with: by field id, any kind's answer, a file field's the files uploaded for it. */
export const sentAnswersInput = z.record(intakeFieldIdInput, z.union([intakeAnswerInput, z.array(intakeFileInput).max(INTAKE_FILES_MAX)]));

/** The business an intake folder belongs to: a client's own (naming another is naming none); the one the studio names. */
export async function intakeBusiness(ctx: Pick<Context, "db">, user: SessionUser, businessId: string | undefined) {
  const staff = isStaff(user.role);
  if (businessId !== undefined && !canCreateProjectFor(user, businessId)) throw new DomainError("NOT_FOUND", "No such business.");
  const id = staff ? businessId : (user.businessId ?? undefined);
  if (!id) {
    throw new DomainError(
      staff ? "BAD_INPUT" : "PRECONDITION_FAILED",
      staff ? "Choose the business the request is for." : "Your account is not linked to a business yet.",
    );
  }
  const business = await findBusiness(ctx.db, id);
  if (!business) throw new DomainError("NOT_FOUND", "No such business.");
  return business;
}

/** Why a form's answers cannot be had, in one message naming each field at fault. */
function refusal(problems: Record<string, string>): DomainError {
  return new DomainError("BAD_INPUT", Object.values(problems).join(" "));
}

/** A file given with a request, as the project keeps it: a briefing file's row. */
export type BriefingFile = ReturnType<typeof uploadedFileColumns> & { id: string; sha256: string | null };

/**
 * The brief a request for a service with `form` is started with, and the briefing files its file answers become:
 * every answer checked against the form (a required one given, each of its kind), the files lying in the person's
 * intake folder for `intakeId`. Null when the service asks nothing.
 */
export function briefFromAnswers(
  form: readonly IntakeField[],
  sent: z.infer<typeof sentAnswersInput>,
  files: { folder: string | null },
): { brief: Brief; briefingFiles: BriefingFile[] } | null {
  if (form.length === 0) return null;
  const { answers, problems } = checkAnswers(form, sent);
  if (Object.keys(problems).length > 0) throw refusal(problems);
  const briefingFiles: BriefingFile[] = [];
  const kept: IntakeAnswers = {};
  for (const field of form) {
    const answer = answers[field.id];
    if (answer === undefined) continue;
    if (field.kind !== "file") {
      kept[field.id] = answer as IntakeAnswers[string];
      continue;
    }
    const parsed = z.array(intakeFileInput).safeParse(answer);
    if (!parsed.success) throw refusal({ [field.id]: `${field.label}: add the files through the upload.` });
    if (files.folder === null) throw refusal({ [field.id]: `${field.label}: the files were not uploaded with this request.` });
    const inFolder = filesInFolder(parsed.data, files.folder, `${field.label}: those files were not uploaded with this request.`);
    const given: IntakeFile[] = [];
    for (const f of inFolder) {
      const id = randomUUID();
      briefingFiles.push({ id, ...uploadedFileColumns(f), sha256: f.sha256 ?? null });
      given.push({ fileId: id, name: f.name });
    }
    kept[field.id] = given;
  }
  return { brief: { fields: [...form], answers: kept }, briefingFiles };
}

/**
 * The studio's edit of a brief: the answers to its own form (as answered, not the service's form today) checked and
 * written, a file answer kept as it was, and what changed recorded. Nothing is written when nothing changed.
 */
export async function editBrief(
  db: Db,
  edit: { projectId: string; editedBy: string; editedAt: Date; sent: Readonly<Record<string, unknown>> },
): Promise<BriefChange[]> {
  return db.transaction().execute(async (trx) => {
    const brief = await lockProjectBrief(trx, edit.projectId);
    if (!brief) throw new DomainError("PRECONDITION_FAILED", "This project has no brief to edit: it was started without a form.");
    const sent: Record<string, unknown> = { ...edit.sent };
    for (const field of brief.fields) if (field.kind === "file") sent[field.id] = brief.answers[field.id] ?? [];
    const { answers, problems } = checkAnswers(brief.fields, sent);
    if (Object.keys(problems).length > 0) throw refusal(problems);
    const after = answers as IntakeAnswers;
    const changes = briefChanges(brief.fields, brief.answers, after);
    if (changes.length === 0) return [];
    await saveBriefEdit(trx, {
      id: randomUUID(),
      projectId: edit.projectId,
      editedBy: edit.editedBy,
      editedAt: edit.editedAt,
      brief: { fields: brief.fields, answers: after },
      changes,
    });
    return changes;
  });
}
