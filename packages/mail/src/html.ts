// Text put into a mail's HTML part: every mail escapes what it did not write itself.
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
