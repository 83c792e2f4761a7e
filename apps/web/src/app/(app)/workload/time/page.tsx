"use client";
// /workload/time: the studio's timesheets (docs/time.md), under Workload; a person's week, theirs or, for an admin,
// anyone's.
import { useSession } from "next-auth/react";
import { Suspense } from "react";
import { Timesheet } from "~/components/time/timesheet";

export default function TimesheetPage() {
  const { data: session } = useSession();
  if (!session) return null;
  // The week and the person are in the address (useSearchParams).
  return (
    <Suspense>
      <Timesheet user={session.user} />
    </Suspense>
  );
}
