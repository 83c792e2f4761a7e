"use client";
// The project page drawn in the browser only: its forms (the due date, the thread's composer, uploads) would lose what
// a person typed before the script ran, as the form took over the server's HTML. Its data is in the query cache
// already (server/prefetch.tsx), so it draws as soon as its script runs, without asking the server first.
import { Skeleton } from "@atelier/ui";
import dynamic from "next/dynamic";

export const ProjectPageInBrowser = dynamic(() => import("./project-page").then((m) => m.ProjectPage), {
  ssr: false,
  loading: () => <Skeleton className="h-96" />,
});
