// Public surface of @atelier/ui: styled, accessible building blocks for the web app.

export { cn } from './lib/cn';

export { Button, buttonVariants, type ButtonProps } from './components/button';
export { Input } from './components/input';
export { Label } from './components/label';
export { Textarea } from './components/textarea';
export { Checkbox } from './components/checkbox';
export { Badge, badgeVariants, type BadgeProps } from './components/badge';
export {
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
} from './components/card';
export { Skeleton } from './components/skeleton';
export { Spinner, type SpinnerProps } from './components/spinner';

export {
  Avatar,
  AvatarImage,
  AvatarFallback,
  UserAvatar,
  type UserAvatarProps,
} from './components/avatar';

export {
  Dialog,
  DialogTrigger,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  DialogClose,
  type DialogContentProps,
} from './components/dialog';

export {
  Sheet,
  SheetTrigger,
  SheetContent,
  SheetHeader,
  SheetTitle,
  SheetDescription,
  SheetClose,
  type SheetContentProps,
  type SheetSide,
} from './components/sheet';

export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuGroup,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  type DropdownMenuItemProps,
} from './components/dropdown-menu';

export {
  Command,
  CommandDialog,
  CommandInput,
  CommandList,
  CommandEmpty,
  CommandGroup,
  CommandItem,
  CommandSeparator,
  type CommandDialogProps,
} from './components/command';

export {
  Toast,
  ToastTitle,
  ToastDescription,
  ToastClose,
  ToastAction,
  ToastProvider,
  ToastViewport,
  type ToastProps,
} from './components/toast';
export { Toaster } from './components/toaster';
export { useToast, toast, type ToastInput, type ToastHandle } from './hooks/use-toast';

export { ThemeProvider, type ThemeProviderProps } from './components/theme-provider';
export { ThemeToggle } from './components/theme-toggle';

export {
  UploadDialog,
  createUploadUppy,
  statusText,
  THUMBNAIL_WIDTH,
  UPLOAD_DIALOG_SIZE,
  type MetaFieldSpec,
  type UploadDialogProps,
} from './upload/upload-dialog';
export { AtelierUploader, type AtelierUploaderOptions } from './upload/atelier-uploader';
export { resizeImage } from './upload/resize-image';
export type { UploadedFile, UploadPurpose, UploadServices } from './upload/services';
