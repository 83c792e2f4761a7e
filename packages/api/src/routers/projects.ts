// projects.*: a business's design requests. Clients reach only their own business's projects, whatever ids they send.
import { randomUUID } from "node:crypto";
import {
  addProjectFiles,
  brandFilesOf,
  createProject,
  type Db,
  findBusiness,
  findProject,
  findProjectFile,
  findUserById,
  isFileKeyInUse,
  listBrandFiles,
  listProjectFiles,
  listProjectPage,
  projectBrief,
  removeProjectFile,
  setProjectArchived,
  setProjectAssignee,
  setProjectDueOn,
  workload,
} from "@atelier/db";
import {
  briefText,
  canArchiveProject,
  canCreateProjectFor,
  canRemoveProjectFile,
  canSeeProject,
  clipCommentBody,
  DomainError,
  dueDateInput,
  dueDateRefusal,
  FILE_KIND_VALUES,
  filesDeliveredNote,
  idInput,
  intakeAnswerInput,
  intakeFieldIdInput,
  isProjectOverdue,
  isStaff,
  LIST_PAGE_SIZE,
  PROJECT_EVENT_VALUES,
  PROJECT_SORT_VALUES,
  PROJECT_STAGE_VALUES,
  type ProjectEvent,
  type ProjectStage,
  projectName,
  projectOpenedNote,
  projectTitleInput,
  proposedDueOn,
  requestIdInput,
  searchWords,
  utcDay,
} from "@atelier/domain";
import { intakeFolder } from "@atelier/upload-engine";
import { z } from "zod";
import { briefFromAnswers, editBrief, intakeIdInput, sentAnswersInput } from "../briefs";
import { fileDownloadUrl } from "../file-downloads";
import { filesInFolder, uploadedFileColumns, uploadedFileInput } from "../file-input";
import { pageFields } from "../list-page-input";
import { withMedia } from "../media/with-media";
import { postComment } from "../post-comment";
import { projectFolder } from "../project-folders";
import { printReadyCheck } from "../proof-checks";
import { once } from "../request-once";
import { deleteStoredFile } from "../stored-files";
import { projectProcedure, protectedProcedure, router, staffProcedure } from "../trpc";
import { filesAdded, projectCreated } from "../webhooks/events";
import { offeredService } from "./services";

const id = idInput;
/** As many brand assets as one pick may attach: a library's worth. */
const BRAND_PICK_MAX = 200;

/** A project as lists and pages show it, with whether it is overdue today (the studio's day, UTC). */
const withOverdue = <P extends { dueOn: string | null; stage: ProjectStage; archived: boolean }>(project: P, today: string) => ({
  ...project,
  overdue: isProjectOverdue(project, today),
});

// The studio plans its own calendar: a client asking for a date says so in the brief or the thread.
const DUE_DATE_STAFF_ONLY = "Only the studio sets a project's due date.";

export const projectsRouter = router({
  /**
   * One page of projects (at most LIST_PAGE_SIZE), filtered and ordered in SQL; `nextCursor` asks for the next.
   * A client sees its own business's projects only: a business filter naming another answers an empty page.
   */
  list: protectedProcedure
    .input(
      z
        .object({
          archived: z.boolean().default(false),
          stage: z.enum(PROJECT_STAGE_VALUES).optional(),
          assigneeId: id.nullable().optional(),
          businessId: id.optional(),
          /** Only the projects overdue today (isProjectOverdue). */
          overdue: z.boolean().optional(),
          sort: z.enum(PROJECT_SORT_VALUES).default("newest"),
          ...pageFields,
        })
        .default({ archived: false, sort: "newest", limit: LIST_PAGE_SIZE }),
    )
    .query(async ({ ctx, input }) => {
      const businessId = isStaff(ctx.user.role) ? (input.businessId ?? null) : ctx.user.businessId;
      const none = { items: [], nextCursor: null };
      if (businessId === null && !isStaff(ctx.user.role)) return none;
      if (input.businessId !== undefined && input.businessId !== businessId) return none;
      const now = ctx.now();
      const page = await listProjectPage(ctx.db, {
        ...input,
        businessId,
        words: searchWords(input.query),
        overdueOn: input.overdue ? utcDay(now) : undefined,
      });
      const today = utcDay(now);
      return { ...page, items: page.items.map((p) => withOverdue(p, today)) };
    }),

  byId: projectProcedure(z.object({ id })).query(async ({ ctx }) => {
    const { project } = ctx;
    const [files, printCheck, brief] = await Promise.all([
      listProjectFiles(ctx.db, project.id).then((listed) => withMedia(ctx.db, listed)),
      printReadyCheck(ctx, project.id),
      projectBrief(ctx.db, project.id),
    ]);
    return {
      ...withOverdue(project, utcDay(ctx.now())),
      // Its service (docs/services.md), and the brief it was asked with and the studio's edits of it.
      service: brief.service,
      brief: brief.brief,
      briefEdits: brief.edits,
      files: files.map(({ key: _key, ...f }) => ({
        ...f,
        downloadUrl: fileDownloadUrl(ctx.mail?.appUrl, { scope: "project", fileId: f.id }),
      })),
      printCheck,
    };
  }),

  create: protectedProcedure
    .input(
      z.object({
        title: projectTitleInput,
        /** The kind of work; a service's own kind wins when one is given. */
        event: z.enum(PROJECT_EVENT_VALUES),
        businessId: id.optional(),
        /**
         * The service asked for (docs/services.md): the due date is then its turnaround in the studio's working days,
         * or a later day asked for (`dueOn`), or its rush turnaround (`rush`).
         */
        serviceId: id.optional(),
        rush: z.boolean().default(false),
        /** When the work is due: the studio's to set, or with a service a client's later day. */
        dueOn: dueDateInput.optional(),
        /**
         * The answers to the service's intake form (docs/services.md), by field id; a file field's are the files
         * uploaded for it to the intake folder `intakeId` names (uploads.intakeTicket).
         */
        answers: sentAnswersInput.optional(),
        intakeId: intakeIdInput.optional(),
        requestId: requestIdInput,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (input.dueOn !== undefined && !isStaff(ctx.user.role) && input.serviceId === undefined) {
        throw new DomainError("FORBIDDEN", DUE_DATE_STAFF_ONLY);
      }
      // A service not offered to the client's business is none it can name (nor can a client without a business).
      let offered =
        input.serviceId !== undefined && !isStaff(ctx.user.role)
          ? await offeredService(ctx, ctx.user, input.serviceId, ctx.user.businessId ?? "")
          : undefined;
      const businessId = input.businessId ?? ctx.user.businessId;
      if (!businessId) {
        throw new DomainError(
          isStaff(ctx.user.role) ? "BAD_INPUT" : "PRECONDITION_FAILED",
          isStaff(ctx.user.role)
            ? "Choose the business the project is for."
            : "Your account is not linked to a business yet. Ask the studio to add you to yours.",
        );
      }
      if (!canCreateProjectFor(ctx.user, businessId))
        throw new DomainError("FORBIDDEN", "You may only start projects for your own business.");
      const business = await findBusiness(ctx.db, businessId);
      if (!business) throw new DomainError("NOT_FOUND", "No such business.");
      const now = ctx.now();
      let fromService: { serviceId: string; event: string; dueOn: string | null; rush: boolean } | null = null;
      if (input.serviceId !== undefined) {
        // A client's was checked above, for its own business: the only one it may start projects for.
        offered ??= await offeredService(ctx, ctx.user, input.serviceId, businessId);
        const { service, calendar } = offered;
        const rush = input.rush && service.rushDays !== null;
        const proposed = proposedDueOn(service, { now, timeZone: calendar.timeZone, daysOff: calendar.daysOff.map((d) => d.day), rush });
        // A client may ask for a later day, not a sooner one (that is a rush); the studio sets any.
        const refusal = input.dueOn !== undefined && !isStaff(ctx.user.role) ? dueDateRefusal(input.dueOn, proposed) : null;
        if (refusal) throw new DomainError("BAD_INPUT", refusal);
        fromService = { serviceId: service.id, event: service.event, dueOn: input.dueOn ?? proposed, rush };
      }
      // The brief: the service's questions as answered, its files given from the caller's intake folder.
      const intake = offered
        ? briefFromAnswers(offered.service.intakeForm, input.answers ?? {}, {
            folder: input.intakeId ? intakeFolder(business, ctx.user.id, input.intakeId) : null,
          })
        : null;
      const event = (fromService?.event as ProjectEvent | undefined) ?? input.event;
      const project = {
        id: randomUUID(),
        businessId,
        name: projectName(now, input.title),
        title: input.title,
        event,
        createdBy: ctx.user.id,
        createdAt: now,
        dueOn: fromService?.dueOn ?? input.dueOn ?? null,
        serviceId: fromService?.serviceId ?? null,
        rush: fromService?.rush ?? false,
        brief: intake?.brief ?? null,
      };
      const result = { id: project.id, name: project.name };
      const briefingFiles = (intake?.briefingFiles ?? []).map((f) => ({
        ...f,
        projectId: project.id,
        kind: "briefing" as const,
        uploadedBy: ctx.user.id,
      }));
      const opened = projectOpenedNote(input.title, event);
      return once(ctx, "projects.create", input.requestId, async (claim) => {
        // The project opens its thread: everyone on it hears of it, the studio in the bell and by mail.
        await postComment(ctx, project, {
          event: null,
          // The brief goes with it, so the studio reads it in the thread and in the mail.
          body: clipCommentBody(intake ? `${opened}\n\n${briefText(intake.brief)}` : opened),
          startsProject: true,
          prepare: async (trx) => {
            await claim(trx, result);
            await createProject(trx, project);
            await projectCreated(trx, ctx, project);
            if (briefingFiles.length > 0) {
              await addProjectFiles(trx, briefingFiles);
              await filesAdded(trx, ctx, project, "briefing", briefingFiles);
            }
          },
        });
        return result;
      });
    }),

  setArchived: projectProcedure(z.object({ id, archived: z.boolean() })).mutation(async ({ ctx, input }) => {
    const { project } = ctx;
    if (!canArchiveProject(ctx.user)) throw new DomainError("FORBIDDEN", "Only the studio archives or reopens projects.");
    await setProjectArchived(ctx.db, project.id, input.archived);
    return { id: project.id, archived: input.archived };
  }),

  /** Staff set when a project is due, or clear it (null); its client sees the date but does not set it. */
  /**
   * The studio edits a project's brief (docs/services.md): the answers to the form it was asked with, a file answer
   * kept as it was; each edit is recorded with what it changed. Answers left out are cleared.
   */
  updateBrief: projectProcedure(z.object({ id, answers: z.record(intakeFieldIdInput, intakeAnswerInput) }), staffProcedure).mutation(
    async ({ ctx, input }) => {
      const changes = await editBrief(ctx.db, {
        projectId: ctx.project.id,
        editedBy: ctx.user.id,
        editedAt: ctx.now(),
        sent: input.answers,
      });
      return { id: ctx.project.id, changes };
    },
  ),

  setDueOn: projectProcedure(z.object({ id, dueOn: dueDateInput.nullable() }), staffProcedure).mutation(async ({ ctx, input }) => {
    await setProjectDueOn(ctx.db, ctx.project.id, input.dueOn);
    return { id: ctx.project.id, dueOn: input.dueOn };
  }),

  /** Staff assign a project to one of the studio's people (or to nobody). */
  assign: projectProcedure(z.object({ id, assigneeId: id.nullable() }), staffProcedure).mutation(async ({ ctx, input }) => {
    const { project } = ctx;
    if (input.assigneeId !== null) {
      const assignee = await findUserById(ctx.db, input.assigneeId);
      if (!assignee || !isStaff(assignee.role) || assignee.deactivatedAt)
        throw new DomainError("BAD_INPUT", "Projects are assigned to the studio's designers.");
    }
    await setProjectAssignee(ctx.db, project.id, input.assigneeId);
    return { id: project.id, assigneeId: input.assigneeId };
  }),

  workload: staffProcedure.query(({ ctx }) => workload(ctx.db)),

  addFiles: projectProcedure(
    z.object({
      projectId: id,
      kind: z.enum(FILE_KIND_VALUES),
      files: z
        .array(
          uploadedFileInput.extend({
            sha256: z
              .string()
              .regex(/^[0-9a-f]{64}$/)
              .optional(),
          }),
        )
        .min(1)
        .max(10000),
    }),
  ).mutation(async ({ ctx, input }) => {
    const { project } = ctx;
    const files = filesInFolder(input.files, projectFolder(input.kind, project), "Those files do not belong to this project.");
    const ids = files.map(() => randomUUID());
    const added = files.map((f, i) => ({
      id: ids[i]!,
      projectId: project.id,
      kind: input.kind,
      ...uploadedFileColumns(f),
      sha256: f.sha256 ?? null,
      uploadedBy: ctx.user.id,
    }));
    const rows = async (db: Db) => {
      await addProjectFiles(db, added);
      await filesAdded(db, ctx, project, input.kind, added);
    };
    // Print-ready files from the studio are a delivery: the thread says so (with the files, in one transaction), so
    // the business hears of it through the inbox and the mail outbox like any other comment.
    const note = isStaff(ctx.user.role)
      ? filesDeliveredNote(
          input.kind,
          files.map((f) => f.name),
        )
      : null;
    if (note) await postComment(ctx, project, { event: null, body: note, prepare: rows });
    else {
      await ctx.db.transaction().execute(rows);
      ctx.webhooks?.kick?.();
    }
    // The new files' ids, in the order given: a proof can be sent with them next.
    return { added: input.files.length, ids };
  }),

  /** The project's business's brand library, for the upload dialog's "Brand library" tab. */
  brandAssets: projectProcedure(z.object({ projectId: id })).query(async ({ ctx }) => {
    const files = await listBrandFiles(ctx.db, ctx.project.businessId);
    return files.map((f) => ({ id: f.id, kind: f.kind, name: f.name, thumbnail: f.thumbnail, type: f.type, size: f.size }));
  }),

  /**
   * Attaches brand assets of the project's own business to the project as files of `kind`. The project file keeps
   * the asset's key, so it names the same stored bytes (nothing is copied); an asset already among the project's
   * files of that kind is not added twice. An id of another business's asset is answered as one that does not exist.
   */
  addBrandAssets: projectProcedure(
    z.object({
      projectId: id,
      kind: z.enum(FILE_KIND_VALUES),
      assetIds: z.array(id).min(1).max(BRAND_PICK_MAX),
    }),
  ).mutation(async ({ ctx, input }) => {
    const { project } = ctx;
    const wanted = [...new Set(input.assetIds)];
    const assets = await brandFilesOf(ctx.db, project.businessId, wanted);
    if (assets.length !== wanted.length) throw new DomainError("NOT_FOUND", "No such file in this business's brand library.");
    // The project's file for each key already among its files of that kind.
    const present = new Map(
      (await listProjectFiles(ctx.db, project.id)).filter((f) => f.kind === input.kind).map((f) => [f.key, f.id] as const),
    );
    const fresh = assets.filter((a) => !present.has(a.key)).map((a) => ({ ...a, fileId: randomUUID() }));
    const added = fresh.map((a) => ({
      id: a.fileId,
      projectId: project.id,
      kind: input.kind,
      uploadId: a.uploadId,
      name: a.name,
      key: a.key,
      thumbnail: a.thumbnail,
      blur: a.blur,
      size: a.size,
      type: a.type,
      sha256: null,
      uploadedBy: ctx.user.id,
    }));
    await ctx.db.transaction().execute(async (trx) => {
      await addProjectFiles(trx, added);
      await filesAdded(trx, ctx, project, input.kind, added);
    });
    ctx.webhooks?.kick?.();
    // The project's file for each asset asked for, new or already there, in the order given: a proof can be sent with them.
    const fileOfKey = new Map([...present, ...fresh.map((a) => [a.key, a.fileId] as const)]);
    const fileOfAsset = new Map(assets.map((a) => [a.id, fileOfKey.get(a.key)!]));
    return { added: fresh.length, ids: input.assetIds.map((assetId) => fileOfAsset.get(assetId)!) };
  }),

  /** Takes a file off its project (staff any, a client its own uploads), and its bytes off the upload servers. */
  removeFile: protectedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const file = await findProjectFile(ctx.db, input.id);
    // A file of a project the caller cannot see is indistinguishable from a missing one.
    const project = file ? await findProject(ctx.db, file.projectId) : undefined;
    if (!file || !project || !canSeeProject(ctx.user, project)) throw new DomainError("NOT_FOUND", "No such file.");
    if (!canRemoveProjectFile(ctx.user, file)) throw new DomainError("FORBIDDEN", "Only the studio or whoever uploaded a file removes it.");
    await removeProjectFile(ctx.db, file.id);
    // The bytes go too, unless a record still holds their key (the same upload added twice, however its URL was spelt).
    // The upload servers delete only what the caller stored, unless the caller is the studio.
    if (!(await isFileKeyInUse(ctx.db, file.key)))
      await deleteStoredFile(ctx.files, file.key, { userId: ctx.user.id, anyOwner: isStaff(ctx.user.role) }, ctx.now());
    return { id: file.id, name: file.name };
  }),
});
