import { HOME_PATH } from "@storefront/contracts/plain";
import { lazy } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { RequireAdmin, RequireSignedIn } from "../auth/guards";
import { withRestOfMessages } from "../i18n/rest-of-messages";
import CartPage from "../pages/CartPage";
import HomePage from "../pages/home/HomePage";
import { RouteErrorPage } from "../pages/RouteErrorPage";
import { Layout } from "./Layout";

// Home and the cart (1 kB, the next step of every purchase, so it opens without a loading flash) ship with the
// first paint; every other page is fetched when it is first visited.
const ComingSoonPage = lazy(withRestOfMessages(() => import("../pages/ComingSoonPage")));
const NotFoundPage = lazy(withRestOfMessages(() => import("../pages/NotFoundPage")));
const AboutUsPage = lazy(withRestOfMessages(() => import("../pages/policies/AboutUsPage")));
const ContactUsPage = lazy(withRestOfMessages(() => import("../pages/policies/ContactUsPage")));
const PrivacyPolicyPage = lazy(withRestOfMessages(() => import("../pages/policies/PrivacyPolicyPage")));
const TermsPage = lazy(withRestOfMessages(() => import("../pages/policies/TermsPage")));
const CancellationPolicyPage = lazy(withRestOfMessages(() => import("../pages/policies/CancellationPolicyPage")));
const ReturnAndRefundPage = lazy(withRestOfMessages(() => import("../pages/policies/ReturnAndRefundPage")));
const ShippingPolicyPage = lazy(withRestOfMessages(() => import("../pages/policies/ShippingPolicyPage")));
const LoginPage = lazy(withRestOfMessages(() => import("../pages/auth/LoginPage")));
const SignupPage = lazy(withRestOfMessages(() => import("../pages/auth/SignupPage")));
const ResetPasswordPage = lazy(withRestOfMessages(() => import("../pages/auth/ResetPasswordPage")));
const CheckoutOptionsPage = lazy(withRestOfMessages(() => import("../pages/checkout/CheckoutOptionsPage")));
const AddressFormPage = lazy(withRestOfMessages(() => import("../pages/address/AddressFormPage")));
const DashboardPage = lazy(withRestOfMessages(() => import("../pages/dashboard/DashboardPage")));
const AdminDashboardPage = lazy(withRestOfMessages(() => import("../pages/admin/AdminDashboardPage")));
const AdminOrderDetailPage = lazy(withRestOfMessages(() => import("../pages/admin/AdminOrderDetailPage")));
const OpsConsolePage = lazy(withRestOfMessages(() => import("../pages/admin/OpsConsolePage")));
const AdminProductsPage = lazy(withRestOfMessages(() => import("../pages/admin/AdminProductsPage")));
const DeliveryZonesPage = lazy(withRestOfMessages(() => import("../pages/admin/DeliveryZonesPage")));
const CouponsPage = lazy(withRestOfMessages(() => import("../pages/admin/CouponsPage")));
const DeliveryRunPage = lazy(withRestOfMessages(() => import("../pages/admin/DeliveryRunPage")));
const PaymentPage = lazy(withRestOfMessages(() => import("../pages/payment/PaymentPage")));
const PaymentDetailPage = lazy(withRestOfMessages(() => import("../pages/payment/PaymentDetailPage")));
const OrderPage = lazy(withRestOfMessages(() => import("../pages/orders/OrderPage")));
const TrackOrderPage = lazy(withRestOfMessages(() => import("../pages/orders/TrackOrderPage")));

/**
 * Screens of the spec's route table (section 2) not built yet, each saying what it will do: kept so every route of
 * the table answers (a link from a mail or a bookmark never lands on "not found"); the order lifecycle work builds them.
 */
const comingSoon: Array<{ paths: string[]; title: string; purpose: string }> = [
  { paths: ["history"], title: "Order history", purpose: "See the orders you have placed with us." },
];

const pages: RouteObject[] = [
  { index: true, element: <Navigate to={HOME_PATH} replace /> },
  { path: "home", element: <HomePage /> },
  { path: "cart", element: <CartPage /> },
  ...comingSoon.flatMap(({ paths, title, purpose }) =>
    paths.map((path) => ({ path, element: <ComingSoonPage title={title} purpose={purpose} /> })),
  ),
  { path: "pay", element: <PaymentPage /> },
  { path: "payment", element: <PaymentPage /> },
  { path: "payment-detail/:orderId", element: <PaymentDetailPage /> },
  // One order's page for every shopper (docs/order-lifecycle.md); the spec's "order details" route shows it too.
  { path: "orders/:orderId", element: <OrderPage /> },
  { path: "pay/:orderId/details", element: <OrderPage /> },
  { path: "track-order", element: <TrackOrderPage /> },
  { path: "login", element: <LoginPage /> },
  { path: "signup", element: <SignupPage /> },
  { path: "reset-password", element: <ResetPasswordPage /> },
  { path: "checkoutuser", element: <CheckoutOptionsPage /> },
  {
    path: "dashboard",
    element: (
      <RequireSignedIn>
        <DashboardPage />
      </RequireSignedIn>
    ),
  },
  {
    path: "add-address",
    element: (
      <RequireSignedIn>
        <AddressFormPage mode="add" />
      </RequireSignedIn>
    ),
  },
  {
    path: "edit-address/:addressId",
    element: (
      <RequireSignedIn>
        <AddressFormPage key="edit" mode="edit" />
      </RequireSignedIn>
    ),
  },
  {
    path: "admin-dashboard",
    element: (
      <RequireAdmin>
        <AdminDashboardPage />
      </RequireAdmin>
    ),
  },
  {
    path: "order-detail/:orderId",
    element: (
      <RequireAdmin>
        <AdminOrderDetailPage />
      </RequireAdmin>
    ),
  },
  {
    path: "admin-delivery-run",
    element: (
      <RequireAdmin>
        <DeliveryRunPage />
      </RequireAdmin>
    ),
  },
  {
    path: "admin-delivery",
    element: (
      <RequireAdmin>
        <DeliveryZonesPage />
      </RequireAdmin>
    ),
  },
  {
    path: "admin-coupons",
    element: (
      <RequireAdmin>
        <CouponsPage />
      </RequireAdmin>
    ),
  },
  {
    path: "admin-products",
    element: (
      <RequireAdmin>
        <AdminProductsPage />
      </RequireAdmin>
    ),
  },
  {
    path: "ops",
    element: (
      <RequireAdmin>
        <OpsConsolePage />
      </RequireAdmin>
    ),
  },
  { path: "aboutus", element: <AboutUsPage /> },
  { path: "contactus", element: <ContactUsPage /> },
  { path: "privacypolicy", element: <PrivacyPolicyPage /> },
  { path: "termsandconditions", element: <TermsPage /> },
  { path: "cancellationpolicy", element: <CancellationPolicyPage /> },
  { path: "returnandrefund", element: <ReturnAndRefundPage /> },
  { path: "shipping", element: <ShippingPolicyPage /> },
  { path: "*", element: <NotFoundPage /> },
];

/** The SPA's routes: the browser's router (main.tsx) and the server's (entry-server.tsx) are built from these. */
export const appRoutes: RouteObject[] = [
  { path: "/", element: <Layout />, errorElement: <RouteErrorPage />, children: pages },
];
