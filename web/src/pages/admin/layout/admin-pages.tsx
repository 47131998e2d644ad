import {
  LuActivity,
  LuChefHat,
  LuCircleCheck,
  LuCircleX,
  LuClipboardList,
  LuClock,
  LuInbox,
  LuPackage,
  LuPartyPopper,
  LuRoute,
  LuTicketPercent,
  LuTruck,
  LuUsers,
} from "react-icons/lu";
import type { AdminOrdersQuery } from "../../../api/payment";
import { ADMIN_HOME_PATH } from "../../../contracts";

export interface OrderView {
  id: string;
  label: string;
  icon: React.ReactNode;
  query: AdminOrdersQuery;
}

/**
 * The orders list's views, each a filter of the list, opened as `/admin-dashboard?view=<id>` (the first: none). Active
 * and New are the kitchen's lists, by delivery day and slot (docs/back-office.md, The orders list).
 */
export const ORDER_VIEWS: OrderView[] = [
  { id: "active", label: "Active orders", icon: <LuClipboardList />, query: { list: "active" } },
  { id: "new", label: "New orders", icon: <LuInbox />, query: { list: "new" } },
  { id: "delivered", label: "Delivered", icon: <LuCircleCheck />, query: { orderStatus: "Delivered" } },
  { id: "pending", label: "Awaiting payment", icon: <LuClock />, query: { paymentStatus: "PENDING" } },
  { id: "failed", label: "Failed payments", icon: <LuCircleX />, query: { paymentStatus: "FAILED" } },
];

/** The view a `?view=` names; an unknown or missing one is the first. */
export const orderViewOf = (id: string | null): OrderView =>
  ORDER_VIEWS.find((view) => view.id === id) ?? ORDER_VIEWS[0]!;

/** The link that opens a view (the first view is the dashboard's plain path). */
export const orderViewPath = (view: OrderView) =>
  view.id === ORDER_VIEWS[0]!.id ? ADMIN_HOME_PATH : `${ADMIN_HOME_PATH}?view=${view.id}`;

/** The back office's other pages, one line each (the printouts open on today, India time, with a day picker). */
export const ADMIN_PAGES: Array<{ to: string; label: string; icon: React.ReactNode; testId: string }> = [
  { to: "/admin-products", label: "Products", icon: <LuPackage />, testId: "view-products" },
  { to: "/admin-production", label: "Today's production", icon: <LuChefHat />, testId: "view-production" },
  { to: "/admin-delivery-run", label: "Delivery run", icon: <LuRoute />, testId: "view-delivery-run" },
  { to: "/admin-delivery", label: "Delivery zones", icon: <LuTruck />, testId: "view-delivery-zones" },
  { to: "/admin-coupons", label: "Coupons", icon: <LuTicketPercent />, testId: "view-coupons" },
  { to: "/admin-festivals", label: "Festivals", icon: <LuPartyPopper />, testId: "view-festivals" },
  { to: "/admin-staff", label: "Counter accounts", icon: <LuUsers />, testId: "view-staff" },
  { to: "/ops", label: "On-call console", icon: <LuActivity />, testId: "view-ops" },
];
