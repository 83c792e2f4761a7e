// How a select's trigger looks, shared by Radix's trigger (select.tsx) and the button drawn in its place until the
// list's code has loaded (the app's NativeSelect).
export const SELECT_TRIGGER_CLASS = [
  "flex h-9 w-full min-w-0 max-sm:h-11 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-xs outline-none",
  "focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
  "data-[placeholder]:text-muted-foreground dark:bg-input/20 [&>span]:truncate",
].join(" ");
