// Projects: how they are named, who sees them, and which folder each kind of file goes to.
import { utcDay } from "./calendar";
import { isStaff, type Role } from "./roles";

export const PROJECT_EVENTS = [
  { value: "flyer", label: "Flyer" },
  { value: "poster", label: "Poster" },
  { value: "social", label: "Social media" },
  { value: "print", label: "Print" },
  { value: "branding", label: "Branding" },
  { value: "other", label: "Other" },
] as const;
export type ProjectEvent = (typeof PROJECT_EVENTS)[number]["value"];
export const PROJECT_EVENT_VALUES = PROJECT_EVENTS.map((e) => e.value) as [ProjectEvent, ...ProjectEvent[]];

/** The kinds of a project's files; each kind is kept in its own subfolder of the project's folder. */
export const FILE_KINDS = [
  {
    value: "briefing",
    folder: "BRIEFING",
    label: "Briefing files",
    hint: "What the designer needs to know: texts, references, sketches.",
  },
  { value: "materials", folder: "MATERIALS", label: "Materials", hint: "Logos, photos, fonts and other raw material." },
  { value: "print_ready", folder: "PRINT-READY", label: "Print-ready files", hint: "Final files for the printer." },
] as const;
export type FileKind = (typeof FILE_KINDS)[number]["value"];
export const FILE_KIND_VALUES = FILE_KINDS.map((k) => k.value) as [FileKind, ...FileKind[]];

/** The subfolder a project's files of one kind are kept in. */
export function fileKindFolder(kind: FileKind): (typeof FILE_KINDS)[number]["folder"] {
  return FILE_KINDS.find((k) => k.value === kind)!.folder;
}

/** The first entry of a project's thread, which tells everyone on the project that it exists. */
export function projectOpenedNote(title: string, event: ProjectEvent): string {
  const kind = PROJECT_EVENTS.find((e) => e.value === event)?.label ?? "new";
  return `Started a ${kind.toLowerCase()} project: ${title}`;
}

/** How many file names a files-delivered note lists before it says "and N more". */
const DELIVERED_NAMES_SHOWN = 5;

/** The thread entry that tells a project's business its print-ready files have arrived (null for other kinds). */
export function filesDeliveredNote(kind: FileKind, names: readonly string[]): string | null {
  if (kind !== "print_ready" || names.length === 0) return null;
  const shown = names.slice(0, DELIVERED_NAMES_SHOWN).join(", ");
  const more = names.length > DELIVERED_NAMES_SHOWN ? ` and ${names.length - DELIVERED_NAMES_SHOWN} more` : "";
  const count = names.length === 1 ? "1 print-ready file" : `${names.length} print-ready files`;
  return `Delivered ${count}: ${shown}${more}`;
}

export const PROJECT_TITLE_MAX_LENGTH = 120;

/** 'YYYY-MM-DD-' plus the title's words joined by dashes: the name lists and storage folders use. */
export function projectName(createdAt: Date, title: string): string {
  const date = utcDay(createdAt);
  const words = title.replace(/[/\\]/g, " ").trim().split(/\s+/).filter(Boolean).join("-");
  return `${date}-${words || "Untitled"}`;
}

export interface ProjectViewer {
  role: Role;
  businessId: string | null;
}

/** Staff see every project; a client only its own business's, whatever id it asks for. */
export function canSeeProject(viewer: ProjectViewer, project: { businessId: string }): boolean {
  return isStaff(viewer.role) || (viewer.businessId !== null && viewer.businessId === project.businessId);
}

/** Staff start projects for any business, a client only for its own. */
export function canCreateProjectFor(viewer: ProjectViewer, businessId: string): boolean {
  return isStaff(viewer.role) || viewer.businessId === businessId;
}

/** Only the studio archives and reopens projects. */
export function canArchiveProject(viewer: ProjectViewer): boolean {
  return isStaff(viewer.role);
}

/** Staff remove any of a project's files; a client only those it uploaded itself, never the studio's deliveries. */
export function canRemoveProjectFile(viewer: ProjectViewer & { id: string }, file: { uploadedBy: string | null }): boolean {
  return isStaff(viewer.role) || (file.uploadedBy !== null && file.uploadedBy === viewer.id);
}

/** The folder inputs for one kind of file of a project (see the upload engine's assetFolder); the ids make the folder the project's own. */
export function assetFolderInput(kind: FileKind, business: { id: string; name: string }, project: { id: string; name: string }) {
  return {
    client: business.name,
    clientId: business.id,
    name: project.name,
    projectId: project.id,
    subfolder: fileKindFolder(kind),
  };
}

/** Where a project stands: kept on the project and moved by the comments that carry a stage event. */
export const PROJECT_STAGES = {
  new: "New",
  briefing: "Briefed",
  in_progress: "In progress",
  proof_sent: "Proof sent",
  modification: "Changes requested",
  approved: "Approved",
  delivered: "Delivered",
  reopened: "Reopened",
} as const;
export type ProjectStage = keyof typeof PROJECT_STAGES;
export const PROJECT_STAGE_VALUES = Object.keys(PROJECT_STAGES) as [ProjectStage, ...ProjectStage[]];

/** The stage a comment's event moves its project to; null for comments that move nothing (plain ones, internal notes). */
export function stageAfter(event: string | null | undefined): ProjectStage | null {
  // Every stage but the first is named after the event that leads to it (see STAGE_ACTIONS in ./proofs).
  return event && event !== "new" && (PROJECT_STAGE_VALUES as readonly string[]).includes(event) ? (event as ProjectStage) : null;
}

/** How a project list can be ordered; each order is served by an index. */
export const PROJECT_SORTS = {
  newest: "Newest first",
  active: "Recently active",
  oldest: "Oldest first",
  name: "By name",
  due: "Due soonest",
} as const;
export type ProjectSort = keyof typeof PROJECT_SORTS;
export const PROJECT_SORT_VALUES = Object.keys(PROJECT_SORTS) as [ProjectSort, ...ProjectSort[]];

/** The most items one page of a list carries. */
export const LIST_PAGE_SIZE = 50;

/** What a project list can be narrowed to and how it is ordered; the server applies it in SQL. */
export interface ProjectFilter {
  /** Words that must all appear in the project's name, business or designer, in any case, with or without accents. */
  query?: string;
  stage?: ProjectStage;
  /** A designer's id for their projects, null for the unassigned ones, absent for everyone's. */
  assigneeId?: string | null;
  /** One business's projects (the studio's filter; a client sees only its own business's anyway). */
  businessId?: string;
  /** Only overdue projects (isProjectOverdue). */
  overdue?: boolean;
  sort?: ProjectSort;
}

const SEARCH_WORDS_MAX = 8;

/** The words a search must all find: split on white space, each once, at most SEARCH_WORDS_MAX of them. */
export function searchWords(query: string | undefined): string[] {
  const words = (query ?? "").split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

// The URL's names for the filter: ?q=words&stage=…&designer=<id>|none&business=<id>&overdue=1&sort=…
const DESIGNER_NONE = "none";

/** The longest id a URL or an API call may name (idInput); a longer one names nothing. */
export const ID_MAX_LENGTH = 200;

/** The filter a list page's address carries; what it does not recognise is left out, never an error. */
export function projectFilterFromParams(params: URLSearchParams): ProjectFilter {
  const filter: ProjectFilter = {};
  const text = (name: string) => {
    const value = params.get(name)?.trim();
    return value && value.length <= ID_MAX_LENGTH ? value : undefined;
  };
  const query = params.get("q")?.trim();
  if (query) filter.query = query.slice(0, ID_MAX_LENGTH);
  const stage = text("stage");
  if (stage && (PROJECT_STAGE_VALUES as string[]).includes(stage)) filter.stage = stage as ProjectStage;
  const designer = text("designer");
  if (designer) filter.assigneeId = designer === DESIGNER_NONE ? null : designer;
  const business = text("business");
  if (business) filter.businessId = business;
  if (params.get("overdue") === "1") filter.overdue = true;
  const sort = text("sort");
  if (sort && sort !== "newest" && (PROJECT_SORT_VALUES as string[]).includes(sort)) filter.sort = sort as ProjectSort;
  return filter;
}

/** The address parameters for a filter, only those that narrow or reorder (the default list has none). */
export function projectFilterToParams(filter: ProjectFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query?.trim()) params.set("q", filter.query.trim());
  if (filter.stage) params.set("stage", filter.stage);
  if (filter.assigneeId !== undefined) params.set("designer", filter.assigneeId ?? DESIGNER_NONE);
  if (filter.businessId) params.set("business", filter.businessId);
  if (filter.overdue) params.set("overdue", "1");
  if (filter.sort && filter.sort !== "newest") params.set("sort", filter.sort);
  return params;
}

/** Whether a filter narrows the list at all (its order aside). */
export function isProjectFilterNarrowing(filter: ProjectFilter): boolean {
  return (
    Boolean(filter.query?.trim()) ||
    filter.stage !== undefined ||
    filter.assigneeId !== undefined ||
    filter.businessId !== undefined ||
    filter.overdue === true
  );
}
