// Public surface of @atelier/ui: styled, accessible building blocks for the web app.

export {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  ConfirmDialog,
  type ConfirmDialogProps,
} from "./components/alert-dialog";
export {
  Avatar,
  AvatarFallback,
  AvatarImage,
  UserAvatar,
  type UserAvatarProps,
} from "./components/avatar";
export { Badge, type BadgeProps, badgeVariants } from "./components/badge";
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
export { Combobox, type ComboboxOption, type ComboboxProps } from "./components/combobox";
export {
  Command,
  CommandDialog,
  type CommandDialogProps,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from "./components/command";
export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./components/dialog";
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  type DropdownMenuItemProps,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./components/dropdown-menu";
export {
  Field,
  type FieldControlProps,
  type FieldProps,
  fieldError,
  showServerFieldErrors,
  type UseZodFormReturn,
  useZodForm,
} from "./components/form";
export { Input } from "./components/input";
export { Label } from "./components/label";
export { Markdown } from "./components/markdown";
export { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./components/select";
export {
  Sheet,
  SheetClose,
  SheetContent,
  type SheetContentProps,
  SheetDescription,
  SheetHeader,
  type SheetSide,
  SheetTitle,
  SheetTrigger,
} from "./components/sheet";
export { Skeleton } from "./components/skeleton";
export { Spinner, type SpinnerProps } from "./components/spinner";
export { Textarea } from "./components/textarea";
export { ThemeProvider, type ThemeProviderProps } from "./components/theme-provider";
export { ThemeToggle } from "./components/theme-toggle";
export {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  type ToastProps,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "./components/toast";
export { Toaster } from "./components/toaster";
export { Tooltip, TooltipProvider } from "./components/tooltip";
export { type ToastHandle, type ToastInput, toast, useToast } from "./hooks/use-toast";
export { cn } from "./lib/cn";
export { AtelierUploader, type AtelierUploaderOptions } from "./upload/atelier-uploader";
export type { BrandAssetOption, BrandLibrarySource } from "./upload/brand-library";
export { resizeImage } from "./upload/resize-image";
export type { UploadedFile, UploadPurpose, UploadServices } from "./upload/services";
export {
  createUploadUppy,
  type MetaFieldSpec,
  statusText,
  THUMBNAIL_WIDTH,
  UPLOAD_DIALOG_SIZE,
  UploadDialog,
  type UploadDialogProps,
} from "./upload/upload-dialog";
export { type TrayFile, type TrayFileStatus, UploadManager, uploadManager } from "./upload/upload-manager";
export { timeLeftText, UploadTray } from "./upload/upload-tray";
export { xhrFetch } from "./upload/xhr-fetch";
