import { useState } from "react";

/** Whether `open` has been true: a dialog loaded on demand stays mounted after, to close with its animation. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
