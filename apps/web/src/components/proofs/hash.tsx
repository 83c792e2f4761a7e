/** A SHA-256 shown whole: it is what the approval is about, so it wraps rather than hides. */
export function Hash({ value }: { value: string }) {
  return <code className="block break-all font-mono text-[11px] leading-tight text-muted-foreground">{value}</code>;
}
