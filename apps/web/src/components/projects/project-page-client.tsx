"use client";
// The project page, drawn on the server with its data (server/prefetch.tsx) so a phone paints the project, not a
// placeholder; its own code (the thread, proofs, forms and buttons, about 180 KB) is fetched after the page's load
// event, so the shell's code comes first, and takes over the server's HTML when it arrives (React keeps that HTML
// meanwhile: the page's Suspense boundary stays as the server drew it). Its controls wait for it (project-page.tsx).
import { Skeleton } from "@atelier/ui";
import { lazy, Suspense } from "react";

/** Resolves once the page has loaded (at once on the server, where there is no page to wait for). */
const afterLoad = () =>
  typeof window === "undefined" || document.readyState === "complete"
    ? Promise.resolve()
    : new Promise<void>((resolve) => window.addEventListener("load", () => resolve(), { once: true }));

const ProjectPage = lazy(() =>
  afterLoad()
    .then(() => import("./project-page"))
    .then((m) => ({ default: m.ProjectPage })),
);

export function ProjectPageInBrowser() {
  return (
    <Suspense fallback={<Skeleton className="h-96" />}>
      <ProjectPage />
    </Suspense>
  );
}
