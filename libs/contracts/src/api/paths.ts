import { OPS_BOARD_PATH } from "../operations.js";
import { PHOTO_TOO_LARGE_ERROR } from "./catalogue.js";

/**
 * Every public API path of the shop (spec section 7), in one place. The services register their routes from these
 * patterns, the gateway builds its owner table and rate rules from them, and the SPA builds its calls with
 * {@link apiPath}, so a path cannot drift between the three (it did once: `CORS_ORIGIN` vs `CORS_ORIGINS`).
 *
 * Patterns use express's `:name` parameters. Routing is case-sensitive and strict everywhere (libs/http), so a
 * variant such as `/api/auth/Login/` is a 404, never a way around a rate limit.
 */
export const ApiPaths = {
  catalogue: {
    products: "/api/v1/products",
    productImage: "/api/v1/products/images/:file",
    enquiry: "/api/v1/enquiry",
    /** The owner's product admin (docs/back-office.md): ADMIN only. */
    adminProducts: "/api/v1/admin/products",
    adminProduct: "/api/v1/admin/products/:productId",
    archiveProduct: "/api/v1/admin/products/:productId/archive",
    /** PUT: the product's photo as the request's raw bytes (JPEG, PNG or WebP, up to PHOTO_MAX_BYTES). */
    productPhoto: "/api/v1/admin/products/:productId/photo",
    /** A photo's stored size, `<productId>-<version>-<size>.webp`: one URL per version, cached for a year. */
    photoFile: "/api/v1/products/photos/:file",
  },
  auth: {
    login: "/api/auth/login",
    signup: "/api/auth/signup",
    /** The customer's own info (or any, for an admin). */
    userByEmail: "/api/auth/user/:email",
    /** The admin's own info: answers only an ADMIN token (spec section 6). */
    adminInfo: "/api/auth/user",
    checkEmail: "/api/auth/checkemail/:email",
    update: "/api/auth/update",
    changePassword: "/api/auth/changePassword",
    forgotPassword: "/api/auth/forgotPassword",
    resetPassword: "/api/auth/resetPassword",
    /** The owner's counter accounts (docs/counter.md): ADMIN only. */
    staff: "/api/auth/staff",
    staffDisable: "/api/auth/staff/:userId/disable",
    staffPassword: "/api/auth/staff/:userId/password",
  },
  otp: {
    send: "/api/v1/otp/send",
    validate: "/api/v1/otp/validate",
  },
  /** Both payment flows of spec section 7, and the provider's webhook (ours, not the spec's). */
  payment: {
    getKey: "/api/payment/get-key",
    createOrder: "/api/payment/create-order",
    verify: "/api/payment/verify",
    order: "/api/payment/order/:orderId",
    orderStatus: "/api/payment/order-status",
    activeOrders: "/api/payment/orders",
    updateStatus: "/api/payment/update-status",
    cashfreeOrder: "/api/payment/cashfree-order",
    cashfreeVerify: "/api/payment/cashfree-verify/:orderId",
    /** Registered before `cashfreeGet`, whose `:orderId` would otherwise take "order-status". */
    cashfreeOrderStatus: "/api/payment/cashfree-get/order-status",
    cashfreeGet: "/api/payment/cashfree-get/:orderId",
    /** The order's life (docs/order-lifecycle.md): the shopper's cancel, the admin's cancel and refunds. */
    cancelOrder: "/api/payment/order/:orderId/cancel",
    adminCancelOrder: "/api/payment/admin/order/:orderId/cancel",
    adminRefundOrder: "/api/payment/admin/order/:orderId/refund",
    /** Cash on delivery (docs/delivery.md): the shopper confirms with an email OTP; the owner records the door's outcome. */
    confirmCashOnDelivery: "/api/payment/order/:orderId/cash-on-delivery",
    adminCashReceived: "/api/payment/admin/order/:orderId/cash-received",
    adminCashRefused: "/api/payment/admin/order/:orderId/cash-refused",
    /** A guest's way back to an order: a code by mail for order id + email, or the order mail's link. */
    trackCode: "/api/payment/track/code",
    trackPass: "/api/payment/track/pass",
    /** The kitchen's room (docs/back-office.md): public units left today; the owner's capacity per day and summary. */
    kitchen: "/api/payment/kitchen",
    adminKitchen: "/api/payment/admin/kitchen",
    adminKitchenDay: "/api/payment/admin/kitchen/:productId/:day",
    /**
     * What unpaid orders may hold and a shopper's open orders (docs/order-lifecycle.md, Open orders and holds): the
     * owner's share setting (GET, PUT), an email's open orders (GET ?email=) and cancelling all of them (POST).
     */
    adminHoldSettings: "/api/payment/admin/hold-settings",
    adminOpenOrders: "/api/payment/admin/open-orders",
    adminCancelOpenOrders: "/api/payment/admin/open-orders/cancel",
    adminSummary: "/api/payment/admin/summary",
    /** The owner's printouts of a day (docs/back-office.md, Printouts): ?date=YYYY-MM-DD, ADMIN only. */
    adminProduction: "/api/payment/admin/production",
    adminDeliveryRun: "/api/payment/admin/delivery-run",
    /** The owner's delivery zones (docs/delivery.md): GET and PUT, ADMIN only. */
    adminDeliveryZones: "/api/payment/admin/delivery-zones",
    /** What a coupon takes off a cart (docs/coupons.md), and the owner's coupons. */
    /** The festival counter (docs/counter.md): COUNTER or ADMIN. */
    counterPass: "/api/payment/counter/passes/:code",
    counterCollected: "/api/payment/counter/passes/:code/collected",
    counterCash: "/api/payment/counter/passes/:code/cash",
    /** The festival mornings a counter screen may serve, today first (docs/counter.md, The counter's screen). */
    counterMornings: "/api/payment/counter/mornings",
    applyCoupon: "/api/payment/coupon",
    adminCoupons: "/api/payment/admin/coupons",
    adminCoupon: "/api/payment/admin/coupons/:code",
    /**
     * Festival bookings (docs/festivals.md): the shop's open and coming festivals (public), and the owner's festivals
     * (GET the list, GET, PUT with the version read, DELETE before bookings open; ADMIN only).
     */
    festivals: "/api/payment/festivals",
    /** A shopper books a festival's boxes for a day and pickup window (docs/festivals.md, The booking checkout). */
    festivalBookings: "/api/payment/festivals/:festivalId/bookings",
    adminFestivals: "/api/payment/admin/festivals",
    adminFestival: "/api/payment/admin/festivals/:festivalId",
    /**
     * The owner's festival morning (docs/festivals.md, The festival's day): a day's windows with their progress and
     * production list (GET); one window closed or resized (PATCH, with the version read); a booking of a closed
     * window moved to another window (POST). ADMIN only.
     */
    adminFestivalDay: "/api/payment/admin/festivals/:festivalId/days/:day",
    adminFestivalWindow: "/api/payment/admin/festivals/:festivalId/windows/:windowId",
    adminFestivalBookingMove: "/api/payment/admin/festivals/:festivalId/bookings/:orderId/move",
    cashfreeWebhook: "/api/payment/webhooks/cashfree",
    razorpayWebhook: "/api/payment/webhooks/razorpay",
  },
  /**
   * The phone channels' providers calling back (docs/messaging.md), owned by notification: WhatsApp's webhook (GET
   * to verify the subscription, POST signed with X-Hub-Signature-256) and MSG91's SMS delivery reports (POST, a
   * secret token in the query).
   */
  notify: {
    whatsappWebhook: "/api/notify/webhooks/whatsapp",
    smsWebhook: "/api/notify/webhooks/sms",
    /**
     * The on-call console's view of the phone messages (docs/messaging.md, Seen by the people who run it): the recent
     * sends with their furthest state, failures and STOPs. ADMIN only.
     */
    adminPhoneMessages: "/api/notify/admin/phone-messages",
  },
  /** Where the shop delivers (docs/delivery.md): the pincode check, answered from memory by order-payment. */
  delivery: {
    pincode: "/api/v1/delivery/pincode/:pincode",
  },
  /** Spec section 7, Receipts: the receipt PDF of an order (billing). */
  bill: {
    receipt: "/api/bill/:orderId",
    /** The GST credit note of one refund (docs/order-lifecycle.md, Credit notes). */
    creditNote: "/api/bill/:orderId/credit-note/:refundId",
    /**
     * ADMIN: a month's GSTR-1 in the offline tool's CSV sections (docs/business-buyers.md, GSTR-1): every section in
     * one ZIP, or one section's CSV. `:month` is `YYYY-MM` (India time).
     */
    gstr1: "/api/bill/admin/gstr1/:month",
    gstr1Section: "/api/bill/admin/gstr1/:month/:section",
  },
  /** The on-call console (services/ops): ADMIN only. */
  ops: {
    /** POST: begins a console session in bull-board's cookie (its pages are plain navigations); DELETE ends them. */
    session: "/api/ops/session",
    queues: "/api/ops/queues",
    parked: "/api/ops/parked",
    replay: "/api/ops/parked/:parkedId/replay",
    discard: "/api/ops/parked/:parkedId/discard",
    audit: "/api/ops/audit",
    outbox: "/api/ops/outbox",
    /** One order's story in time order: `?orderId=` or `?correlationId=`. */
    trail: "/api/ops/trail",
  },
  address: {
    upsert: "/address/upsert",
    get: "/address/get/:addressId",
    getAll: "/address/getall",
    /** Not in the spec's table ("some address calls have method and path not shown"): DELETE. */
    remove: "/address/delete/:addressId",
    /** Not in the spec's table: the states the cascade starts from (the directory's 28). */
    states: "/address/country/IN/states",
    districts: "/address/country/IN/state/:state",
    cities: "/address/country/IN/state/:state/district/:district",
    pincodes: "/address/country/IN/state/:state/district/:district/taluk/:taluk",
    areas: "/address/pincode/:pincode",
    /** Not in the spec: where a pincode is (state, district, city), so checkout's cascade starts from it. */
    places: "/address/pincode/:pincode/places",
  },
} as const;

/** Public path prefixes and the service that owns each (docs/architecture.md, Service ownership). */
export const API_OWNERS = [
  { prefix: "/api/auth/", upstream: "identity" },
  { prefix: "/api/v1/otp/", upstream: "identity" },
  { prefix: "/address/", upstream: "identity" },
  { prefix: ApiPaths.catalogue.products, exact: true, upstream: "catalogue" },
  { prefix: `${ApiPaths.catalogue.products}/`, upstream: "catalogue" },
  { prefix: ApiPaths.catalogue.enquiry, exact: true, upstream: "catalogue" },
  { prefix: ApiPaths.catalogue.adminProducts, exact: true, upstream: "catalogue" },
  { prefix: `${ApiPaths.catalogue.adminProducts}/`, upstream: "catalogue" },
  { prefix: "/api/payment/", upstream: "order-payment" },
  { prefix: "/api/v1/delivery/", upstream: "order-payment" },
  { prefix: "/api/bill/", upstream: "billing" },
  { prefix: "/api/notify/", upstream: "notification" },
  { prefix: "/api/ops/", upstream: "ops" },
  // bull-board's page, scripts and API (OPS_BOARD_PATH): many paths of its own, so matched by prefix alone.
  { prefix: OPS_BOARD_PATH, upstream: "ops" },
] as const;

export type ApiUpstream = (typeof API_OWNERS)[number]["upstream"];

/** The largest photo the owner may upload (docs/back-office.md, Photos): the gateway lets this route's body through. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Routes whose bodies may exceed the gateway's BODY_LIMIT_BYTES, by how much, and what a larger body is answered: the
 * owning service's own words, so the owner reads the same message whichever of the two refuses first.
 */
export const LARGE_BODY_ROUTES = [
  { pattern: ApiPaths.catalogue.productPhoto, limitBytes: PHOTO_MAX_BYTES, tooLarge: PHOTO_TOO_LARGE_ERROR },
] as const;

/**
 * Every route of the services whose public paths are all listed above. The gateway forwards only these exact forms
 * to them (case-sensitive, no trailing slash, no `;params`, no percent-encoded letters), so a variant of a rate-limited
 * path is a 404 at the edge and never reaches a handler uncounted.
 */
export const API_ROUTES: Partial<Record<ApiUpstream, readonly string[]>> = {
  identity: [...Object.values(ApiPaths.auth), ...Object.values(ApiPaths.otp), ...Object.values(ApiPaths.address)],
  catalogue: Object.values(ApiPaths.catalogue),
  "order-payment": [...Object.values(ApiPaths.payment), ...Object.values(ApiPaths.delivery)],
  billing: Object.values(ApiPaths.bill),
  notification: Object.values(ApiPaths.notify),
};

/** The providers' webhooks: authenticated by their signature (or secret), never rate-limited per address at the edge. */
export const PROVIDER_WEBHOOK_PATHS: readonly string[] = [
  ApiPaths.payment.cashfreeWebhook,
  ApiPaths.payment.razorpayWebhook,
  ApiPaths.notify.whatsappWebhook,
  ApiPaths.notify.smsWebhook,
];

/**
 * Fills a pattern's `:params` (each URI-encoded) and appends a query string, e.g.
 * `apiPath(ApiPaths.auth.userByEmail, { email: "a@b.in" })` -> `/api/auth/user/a%40b.in`.
 */
export function apiPath(pattern: string, params: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: missing parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : "";
  return search ? `${path}?${search}` : path;
}
