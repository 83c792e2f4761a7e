// The file a link (fileHref, as search finds files) points to: opened in the viewer once the project's files are
// loaded, once per link; closing the viewer takes the file out of the address, so a reload does not open it again.
import { FILE_LINK_PARAM } from "@atelier/domain";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

export function useLinkedFile<F extends { id: string }>(files: readonly F[] | undefined, open: (file: F) => void) {
  const params = useSearchParams();
  const linkedId = params.get(FILE_LINK_PARAM);
  const opened = useRef<string | null>(null);
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    if (!linkedId || !files || opened.current === linkedId) return;
    const file = files.find((f) => f.id === linkedId);
    if (!file) return;
    opened.current = linkedId;
    open(file);
  }, [files, linkedId, open]);
  /** Called when the viewer closes. */
  return () => {
    if (!linkedId) return;
    const rest = new URLSearchParams(params.toString());
    rest.delete(FILE_LINK_PARAM);
    opened.current = null;
    router.replace(rest.size > 0 ? `${pathname}?${rest}` : pathname, { scroll: false });
  };
}
