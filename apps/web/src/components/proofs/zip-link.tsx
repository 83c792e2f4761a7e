// "Download all": a round's files as one ZIP, streamed by the web app (api/proof-zip.ts), for staff, the client's
// people and the round's guests alike.
import { Download } from "lucide-react";

export function ZipLink({ href }: { href: string }) {
  return (
    <a href={href} className="inline-flex min-h-11 w-fit items-center gap-2 text-sm underline underline-offset-2" data-testid="proof-zip">
      <Download className="size-4" aria-hidden /> Download all (ZIP)
    </a>
  );
}
