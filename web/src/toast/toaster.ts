import { createToaster } from "@chakra-ui/react";
import { type ToastType, toastId } from "./toast-id";

/** Spec section 9: 7000 ms, top-centre, 1000 ms ease in and out (the exit transition needs the removal delay). */
export const TOAST_DURATION_MS = 7000;
export const TOAST_EASE_MS = 1000;

/**
 * Below Chakra's `md` breakpoint (48em) the screen is a phone's: there, toasts overlap (the newest in front, the
 * others tucked behind it) instead of stacking down the screen, so they take one toast's height at the top and never
 * reach the Bill Summary or the Pay button (which stays at the bottom on a phone). Read once: the toaster is made
 * once, and a phone does not become a desktop. On the server (prerendering) there is no screen and no toast.
 */
const onPhone = () => typeof window !== "undefined" && window.matchMedia?.("(max-width: 47.99em)").matches === true;

export const toaster = createToaster({
  placement: "top",
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_EASE_MS,
  max: 5,
  overlap: onPhone(),
  pauseOnPageIdle: true,
});

const defaultTitles: Record<ToastType, string> = {
  success: "Success",
  error: "Error",
  warning: "Warning",
  info: "Information",
};

/** Shows a toast unless the very same one is already on screen (spec section 9, duplicates prevented). */
export function notify(type: ToastType, description: string, title: string = defaultTitles[type]): string {
  const id = toastId(type, title, description);
  if (!toaster.isVisible(id)) toaster.create({ id, type, title, description, closable: true });
  return id;
}

export const notifySuccess = (description: string, title?: string) => notify("success", description, title);
/** Error toasts are titled "Error" unless the spec gives a title (spec section 8). */
export const notifyError = (description: string, title?: string) => notify("error", description, title);
export const notifyWarning = (description: string, title?: string) => notify("warning", description, title);
export const notifyInfo = (description: string, title?: string) => notify("info", description, title);
