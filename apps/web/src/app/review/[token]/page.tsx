"use client";
// /review/<token>: a guest's review of one shared round (docs/guest-review.md). Outside the shell and the session
// gate: a guest has no account, only the link, a mailed code and then the guest cookie.
import { useParams } from "next/navigation";
import { GuestReview } from "~/components/guest-review/guest-review";
import { DataProviders } from "~/components/shell/data-providers";

export default function ReviewPage() {
  const { token } = useParams<{ token: string }>();
  return (
    <DataProviders>
      <GuestReview token={token} />
    </DataProviders>
  );
}
