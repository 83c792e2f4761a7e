// Public surface of @atelier/ui: styled, accessible building blocks for the web app.

export { UserAvatar } from "./components/avatar";
export { Badge } from "./components/badge";
export { Button, type ButtonProps, buttonVariants } from "./components/button";
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "./components/card";
export { Checkbox } from "./components/checkbox";
export {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  commandScore,
} from "./components/command";
export { ConfirmDialog } from "./components/confirm-dialog";
export { DeferredMenu, type DeferredMenuProps } from "./components/deferred-menu";
export { Toaster } from "./components/deferred-toaster";
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./components/dialog";
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./components/dropdown-menu";
export {
  Field,
  type FieldControlProps,
  fieldError,
  showServerFieldErrors,
  type UseZodFormReturn,
  useLazyZodForm,
} from "./components/form";
export { Input } from "./components/input";
export { Label } from "./components/label";
export { Markdown } from "./components/markdown";
export { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./components/select";
export { SELECT_TRIGGER_CLASS } from "./components/select-look";
export {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "./components/sheet";
export { Skeleton } from "./components/skeleton";
export { Textarea } from "./components/textarea";
export { ThemeProvider } from "./components/theme-provider";
export { ThemeToggle } from "./components/theme-toggle";
export { useZodForm } from "./components/zod-form";
export { useHydrated } from "./hooks/use-hydrated";
export { useIdle, usePreloadWhenIdle } from "./hooks/use-idle";
export { useReturnFocus } from "./hooks/use-return-focus";
export { toast } from "./hooks/use-toast";
export { cn } from "./lib/cn";
export type { BrandLibrarySource } from "./upload/brand-library";
export { resizeImage } from "./upload/resize-image";
export type { UploadedFile, UploadServices } from "./upload/services";
export { UnfinishedUploadsNotice } from "./upload/unfinished-notice";
export { UploadDialog } from "./upload/upload-dialog";
export { UploadTray } from "./upload/upload-tray";
export { xhrFetch } from "./upload/xhr-fetch";
