// Any address the app does not know: the branded 404, with the way back to the projects.
import { buttonVariants } from "@atelier/ui";
import Link from "next/link";
import { StatusPage } from "~/components/shell/status-page";

export default function NotFound() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      description="There is nothing at this address. It may have moved, or the link is mistyped."
    >
      <Link href="/" className={buttonVariants({ className: "min-h-11 sm:min-h-9" })}>
        Go to your projects
      </Link>
    </StatusPage>
  );
}
