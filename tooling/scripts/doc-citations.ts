// Which documents the source and its documents cite, and which of those are not in the repository. A comment or a string that names a
// document ("see docs/upload-protocol.md", "the SPEC's wire") sends its reader somewhere; the place must exist here.
// Comments and strings are read through TypeScript's parser, so a property read (an object's `md` field) is not a citation.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, relative } from "node:path";
import ts from "typescript";

/** A document one source file names, and where. */
interface Citation {
  readonly file: string;
  readonly line: number;
  /** As written: a path ending in .md, or "SPEC" for the product specification. */
  readonly document: string;
}

const SOURCE_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json", ".jsonc", ".md"]);
// A bare "SPEC" names a specification document; this repository's product description is docs/product.md.
const SPEC_WORD = /\bSPEC\b/g;
const MENTIONS_SPEC = /\bSPEC\b/;
const MARKDOWN_PATH = /(?<![\w$/.-])((?:\.{1,2}\/)?(?:[\w.-]+\/)*[\w-]+\.md)(?![\w])/g;
const URL = /\b[a-z][a-z\d+.-]*:\/\/\S+/gi;
// This checker and its tests name missing documents on purpose.
const OWN_FILES = new Set(["tooling/scripts/doc-citations.ts", "tooling/scripts/doc-citations.test.ts"]);
// Where a build writes its copies (tsup copies the engine's README.md into dist/): not documents of the source.
const BUILD_OUTPUTS = ["dist/"];

function scriptKind(file: string): ts.ScriptKind {
  switch (extname(file)) {
    case ".tsx":
      return ts.ScriptKind.TSX;
    case ".json":
    case ".jsonc":
      return ts.ScriptKind.JSON;
    case ".js":
    case ".mjs":
    case ".cjs":
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}

/** The comments and string contents of one file, each with where it starts. */
function proseOf(file: string, text: string): { start: number; text: string }[] {
  // A document is prose throughout.
  if (extname(file) === ".md") return [{ start: 0, text }];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const pieces: { start: number; text: string }[] = [];
  const commentsSeen = new Set<number>();
  const comments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (commentsSeen.has(range.pos)) continue;
      commentsSeen.add(range.pos);
      pieces.push({ start: range.pos, text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      pieces.push({ start: node.getStart(source), text: node.text });
    }
    // Every token is a leaf of getChildren, so the comments between any two tokens (JSX braces included) are seen.
    const children = node.getChildren(source);
    if (children.length === 0 && !ts.isJsxText(node)) comments(ts.getLeadingCommentRanges(text, node.pos));
    for (const child of children) visit(child);
    comments(ts.getTrailingCommentRanges(text, node.end));
  };
  visit(source);
  return pieces;
}

/** The documents one file's comments and strings name. */
export function citationsIn(file: string, text: string): Citation[] {
  const found: { offset: number; document: string }[] = [];
  for (const piece of proseOf(file, text)) {
    const prose = piece.text.replace(URL, (url) => " ".repeat(url.length));
    for (const match of prose.matchAll(SPEC_WORD)) found.push({ offset: piece.start + match.index, document: "SPEC" });
    for (const match of prose.matchAll(MARKDOWN_PATH)) {
      const document = match[1] ?? "";
      if (BUILD_OUTPUTS.some((folder) => document.startsWith(folder))) continue;
      found.push({ offset: piece.start + match.index, document });
    }
  }
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
  return found.sort((a, b) => a.offset - b.offset).map(({ offset, document }) => ({ file, line: lineOf(offset), document }));
}

/** The workspace folder (nearest package.json) a file belongs to, relative to the root. */
function workspaceOf(root: string, file: string): string {
  let dir = dirname(file);
  while (dir !== "." && dir !== "" && !existsSync(join(root, dir, "package.json"))) dir = dirname(dir);
  return dir === "" ? "." : dir;
}

/** Whether a cited document is in the repository: from the root, the citing file's folder or its workspace's. */
function isInRepository(root: string, citation: Citation): boolean {
  if (citation.document === "SPEC") return false;
  const bases = [".", dirname(citation.file), workspaceOf(root, citation.file)];
  return bases.some((base) => existsSync(join(root, base, citation.document)));
}

/** The repository's files that carry code, configuration or documentation: tracked or new, not ignored. */
function sourceFiles(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split("\0")
    .filter((file) => SOURCE_EXTENSIONS.has(extname(file)) && !file.endsWith("package-lock.json") && !OWN_FILES.has(file))
    .filter((file) => existsSync(join(root, file)));
}

/** Every citation in the repository's source whose document is not in the repository. */
export async function missingCitations(root: string): Promise<Citation[]> {
  const missing: Citation[] = [];
  for (const file of sourceFiles(root)) {
    const text = await readFile(join(root, file), "utf8");
    if (!MENTIONS_SPEC.test(text) && !text.includes(".md")) continue;
    for (const citation of citationsIn(relative(root, join(root, file)), text)) {
      if (!isInRepository(root, citation)) missing.push(citation);
    }
  }
  return missing;
}
