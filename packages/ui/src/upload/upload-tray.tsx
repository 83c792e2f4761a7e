"use client";
// The upload tray: a small card in the bottom corner with every file on its way, on any page of the app. The card's
// code is fetched with the first file, not with every page (docs/performance.md).
import { lazy, Suspense, useSyncExternalStore } from "react";
import { type TrayFile, type UploadManager, uploadManager } from "./upload-manager";

const NOTHING: readonly TrayFile[] = [];
const UploadTrayCard = lazy(() => import("./upload-tray-card"));

/** Lists the manager's files while there are any; mount it once, in the app's layout. */
export function UploadTray({ manager = uploadManager, className }: { manager?: UploadManager; className?: string }) {
  const files = useSyncExternalStore(manager.subscribe, manager.getSnapshot, () => NOTHING);
  if (files.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <UploadTrayCard files={files} manager={manager} className={className} />
    </Suspense>
  );
}
