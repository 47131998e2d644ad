import { ADMIN_HOME_PATH, HOME_PATH } from "@storefront/contracts/plain";
import { Navigate, type RouteObject } from "react-router-dom";
import { RequireAdmin, RequireCounter, RequireSignedIn } from "../auth/guards";
import { lazyWithRestOfMessages } from "../i18n/rest-of-messages";
import CartPage from "../pages/CartPage";
import HomePage from "../pages/home/HomePage";
import { RouteErrorPage } from "../pages/RouteErrorPage";
import { Layout } from "./Layout";

// Home and the cart (1 kB, the next step of every purchase, so it opens without a loading flash) ship with the
// first paint; every other page is fetched when it is first visited.
const ComingSoonPage = lazyWithRestOfMessages(() => import("../pages/ComingSoonPage"));
const NotFoundPage = lazyWithRestOfMessages(() => import("../pages/NotFoundPage"));
const AboutUsPage = lazyWithRestOfMessages(() => import("../pages/policies/AboutUsPage"));
const ContactUsPage = lazyWithRestOfMessages(() => import("../pages/policies/ContactUsPage"));
const PrivacyPolicyPage = lazyWithRestOfMessages(() => import("../pages/policies/PrivacyPolicyPage"));
const TermsPage = lazyWithRestOfMessages(() => import("../pages/policies/TermsPage"));
const CancellationPolicyPage = lazyWithRestOfMessages(() => import("../pages/policies/CancellationPolicyPage"));
const ReturnAndRefundPage = lazyWithRestOfMessages(() => import("../pages/policies/ReturnAndRefundPage"));
const ShippingPolicyPage = lazyWithRestOfMessages(() => import("../pages/policies/ShippingPolicyPage"));
const LoginPage = lazyWithRestOfMessages(() => import("../pages/auth/LoginPage"));
const SignupPage = lazyWithRestOfMessages(() => import("../pages/auth/SignupPage"));
const ResetPasswordPage = lazyWithRestOfMessages(() => import("../pages/auth/ResetPasswordPage"));
const CheckoutOptionsPage = lazyWithRestOfMessages(() => import("../pages/checkout/CheckoutOptionsPage"));
const AddressFormPage = lazyWithRestOfMessages(() => import("../pages/address/AddressFormPage"));
const DashboardPage = lazyWithRestOfMessages(() => import("../pages/dashboard/DashboardPage"));
const AdminLayout = lazyWithRestOfMessages(() => import("../pages/admin/layout/AdminLayout"));
const AdminDashboardPage = lazyWithRestOfMessages(() => import("../pages/admin/AdminDashboardPage"));
const AdminOrderDetailPage = lazyWithRestOfMessages(() => import("../pages/admin/AdminOrderDetailPage"));
const OpsConsolePage = lazyWithRestOfMessages(() => import("../pages/admin/OpsConsolePage"));
const AdminProductsPage = lazyWithRestOfMessages(() => import("../pages/admin/AdminProductsPage"));
const DeliveryZonesPage = lazyWithRestOfMessages(() => import("../pages/admin/DeliveryZonesPage"));
const CouponsPage = lazyWithRestOfMessages(() => import("../pages/admin/CouponsPage"));
const FestivalsPage = lazyWithRestOfMessages(() => import("../pages/admin/festivals/FestivalsPage"));
const FestivalDayPage = lazyWithRestOfMessages(() => import("../pages/admin/festivals/FestivalDayPage"));
const FestivalPage = lazyWithRestOfMessages(() => import("../pages/festivals/FestivalPage"));
const CounterPage = lazyWithRestOfMessages(() => import("../pages/counter/CounterPage"));
const CounterLoginPage = lazyWithRestOfMessages(() => import("../pages/counter/CounterLoginPage"));
const StaffAccountsPage = lazyWithRestOfMessages(() => import("../pages/admin/StaffAccountsPage"));
const DeliveryRunPage = lazyWithRestOfMessages(() => import("../pages/admin/DeliveryRunPage"));
const ProductionPage = lazyWithRestOfMessages(() => import("../pages/admin/ProductionPage"));
const PaymentPage = lazyWithRestOfMessages(() => import("../pages/payment/PaymentPage"));
const PaymentDetailPage = lazyWithRestOfMessages(() => import("../pages/payment/PaymentDetailPage"));
const OrderPage = lazyWithRestOfMessages(() => import("../pages/orders/OrderPage"));
const TrackOrderPage = lazyWithRestOfMessages(() => import("../pages/orders/TrackOrderPage"));

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
  { path: "festivals/:festivalId", element: <FestivalPage /> },
  { path: "counter-login", element: <CounterLoginPage /> },
  {
    path: "counter",
    element: (
      <RequireCounter>
        <CounterPage />
      </RequireCounter>
    ),
  },
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
    // Every admin page in one frame: the sidebar (a menu on a phone), behind one admin check.
    element: (
      <RequireAdmin>
        <AdminLayout />
      </RequireAdmin>
    ),
    children: [
      { path: "admin", element: <Navigate to={ADMIN_HOME_PATH} replace /> },
      { path: "admin-dashboard", element: <AdminDashboardPage /> },
      { path: "order-detail/:orderId", element: <AdminOrderDetailPage /> },
      { path: "admin-delivery-run", element: <DeliveryRunPage /> },
      { path: "admin-production", element: <ProductionPage /> },
      { path: "admin-delivery", element: <DeliveryZonesPage /> },
      { path: "admin-coupons", element: <CouponsPage /> },
      { path: "admin-festivals", element: <FestivalsPage /> },
      { path: "admin-festivals/:festivalId/days/:day", element: <FestivalDayPage /> },
      { path: "admin-staff", element: <StaffAccountsPage /> },
      { path: "admin-products", element: <AdminProductsPage /> },
      { path: "ops", element: <OpsConsolePage /> },
    ],
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
