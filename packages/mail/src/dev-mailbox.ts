// The dev mailbox's reading of a kept mail: its links, each named by the words it is shown with, and its files.
import type { Db, MailAttachment } from "@atelier/db";

export interface MailLink {
  href: string;
  label: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML character references in text or an attribute, decoded: numeric ones (as escapeHtml writes) and the common names. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The web links of a mail, each with what it says it opens: the words of its <a> in the HTML part (our mails write
 * them), or, for a mail with a text part only, the words before the link on its line ("Sign in: https://…"), else its
 * address. Repeated links are listed once.
 */
export function mailLinks(mail: { html: string; text: string }): MailLink[] {
  const links: MailLink[] = [];
  for (const [, rawHref, inner] of mail.html.matchAll(/<a\b[^>]*?\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi)) {
    const href = decodeEntities(rawHref ?? "").trim();
    const label = decodeEntities((inner ?? "").replace(/<[^>]*>/g, " "))
      .replace(/\s+/g, " ")
      .trim();
    if (/^https?:\/\//i.test(href)) links.push({ href, label: label || href });
  }
  if (links.length === 0) {
    for (const line of mail.text.split(/\r?\n/)) {
      for (const match of line.matchAll(/https?:\/\/[^\s<>"]+/g)) {
        const before = line
          .slice(0, match.index)
          .replace(/[\s:]+$/, "")
          .trim();
        links.push({ href: match[0], label: before || match[0] });
      }
    }
  }
  const seen = new Set<string>();
  return links.filter((l) => {
    const key = `${l.href}\n${l.label}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  links: MailLink[];
  attachments: MailAttachment[];
}

/** The newest mails kept by the dev mailbox, with their links and files. */
export async function listDevMail(db: Db, limit = 50): Promise<DevMail[]> {
  const rows = await db.selectFrom("devMail").selectAll().orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => ({ ...row, links: mailLinks(row), attachments: row.attachments ?? [] }));
}
