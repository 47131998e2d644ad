import { lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import CartPage from "../pages/CartPage";
import HomePage from "../pages/home/HomePage";
import { RouteErrorPage } from "../pages/RouteErrorPage";
import { Layout } from "./Layout";

// Home and the cart (1 kB, the next step of every purchase, so it opens without a loading flash) ship with the
// first paint; every other page is fetched when it is first visited.
const ComingSoonPage = lazy(() => import("../pages/ComingSoonPage"));
const NotFoundPage = lazy(() => import("../pages/NotFoundPage"));
const AboutUsPage = lazy(() => import("../pages/policies/AboutUsPage"));
const ContactUsPage = lazy(() => import("../pages/policies/ContactUsPage"));
const PrivacyPolicyPage = lazy(() => import("../pages/policies/PrivacyPolicyPage"));
const TermsPage = lazy(() => import("../pages/policies/TermsPage"));
const CancellationPolicyPage = lazy(() => import("../pages/policies/CancellationPolicyPage"));
const ReturnAndRefundPage = lazy(() => import("../pages/policies/ReturnAndRefundPage"));
const ShippingPolicyPage = lazy(() => import("../pages/policies/ShippingPolicyPage"));

/** Screens of the spec's route table (section 2) that later work builds, with what each will do. */
const comingSoon: Array<{ paths: string[]; title: string; purpose: string }> = [
  {
    paths: ["pay", "payment"],
    title: "Bill summary",
    purpose:
      "Review your bill (item total, postal delivery charges, platform fee and total pay), choose a shipping address and proceed to payment.",
  },
  { paths: ["history"], title: "Order history", purpose: "See the orders you have placed with us." },
  { paths: ["pay/:orderId/details"], title: "Order details", purpose: "See the details of one of your orders." },
  {
    paths: ["payment-detail/:orderId"],
    title: "Payment confirmation",
    purpose: "See whether your payment succeeded, with your order, its products, the amount paid and where it ships.",
  },
  {
    paths: ["checkoutuser"],
    title: "Checkout",
    purpose: "Check out as a new user (signup), an existing user (login) or a guest making a one-time purchase.",
  },
  { paths: ["login"], title: "Login", purpose: "Sign in as a customer or, on its own tab, as the shop's admin." },
  { paths: ["signup"], title: "Sign up", purpose: "Create an account to track your orders and save addresses." },
  {
    paths: ["dashboard"],
    title: "My dashboard",
    purpose: "Your order history with downloadable receipts, and your saved shipping addresses.",
  },
  { paths: ["reset-password"], title: "Reset password", purpose: "Choose a new password from the emailed link." },
  { paths: ["edit-address/:addressId"], title: "Shipping address", purpose: "Change a saved shipping address." },
  { paths: ["add-address"], title: "Add shipping address", purpose: "Save a new shipping address." },
  {
    paths: ["admin-dashboard"],
    title: "Admin dashboard",
    purpose: "The shop's active orders and their fulfilment status.",
  },
  {
    paths: ["order-detail/:orderId"],
    title: "Order detail (admin)",
    purpose: "An order's customer, payment and products, and its fulfilment status to update.",
  },
];

const pages: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { path: "home", element: <HomePage /> },
  { path: "cart", element: <CartPage /> },
  ...comingSoon.flatMap(({ paths, title, purpose }) =>
    paths.map((path) => ({ path, element: <ComingSoonPage title={title} purpose={purpose} /> })),
  ),
  { path: "aboutus", element: <AboutUsPage /> },
  { path: "contactus", element: <ContactUsPage /> },
  { path: "privacypolicy", element: <PrivacyPolicyPage /> },
  { path: "termsandconditions", element: <TermsPage /> },
  { path: "cancellationpolicy", element: <CancellationPolicyPage /> },
  { path: "returnandrefund", element: <ReturnAndRefundPage /> },
  { path: "shipping", element: <ShippingPolicyPage /> },
  { path: "*", element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  { path: "/", element: <Layout />, errorElement: <RouteErrorPage />, children: pages },
]);
