import type { Express } from "express";
import { type CounterRouteContext, registerCounterRoutes } from "../counter/http/counter-routes.js";
import { type CouponRouteContext, registerCouponRoutes } from "../coupons/http/coupon-routes.js";
import { type DeliveryRouteContext, registerDeliveryRoutes } from "../delivery/http/delivery-routes.js";
import { type BookingRouteContext, registerBookingRoutes } from "../festivals/http/booking-routes.js";
import { type FestivalDayRouteContext, registerFestivalDayRoutes } from "../festivals/http/festival-day-routes.js";
import { type FestivalRouteContext, registerFestivalRoutes } from "../festivals/http/festival-routes.js";
import { registerDaySheetRoutes } from "../kitchen/http/day-sheet-routes.js";
import { type FulfilmentRouteContext, registerFulfilmentRoutes } from "../kitchen/http/fulfilment-routes.js";
import { registerKitchenRoutes } from "../kitchen/http/kitchen-routes.js";
import { type OpenOrderRouteContext, registerOpenOrderRoutes } from "../orders/http/open-order-routes.js";
import { type OrderRouteContext, registerOrderRoutes } from "../orders/http/order-routes.js";
import {
  type CashOnDeliveryRouteContext,
  registerCashOnDeliveryRoutes,
} from "../payments/http/cash-on-delivery-routes.js";
import { type PaymentRouteContext, registerPaymentRoutes } from "../payments/http/payment-routes.js";
import { type RefundRouteContext, registerRefundRoutes } from "../refunds/http/refund-routes.js";
import { registerSummaryRoute } from "../summary/http/summary-route.js";

/** Everything the service's routes need, feature by feature. */
export interface RouteContext
  extends OrderRouteContext,
    PaymentRouteContext,
    CashOnDeliveryRouteContext,
    RefundRouteContext,
    FulfilmentRouteContext,
    DeliveryRouteContext,
    CouponRouteContext,
    OpenOrderRouteContext,
    FestivalRouteContext,
    FestivalDayRouteContext,
    BookingRouteContext,
    CounterRouteContext {}

/** Spec section 7, Payment (both flows), and the owner's pages: every feature's routes (the webhooks apart). */
export function registerRoutes(app: Express, ctx: RouteContext): void {
  // The client address is the gateway's view of it (X-Forwarded-For from loopback or the private network only).
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  registerOrderRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerCashOnDeliveryRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerFulfilmentRoutes(app, ctx);
  registerKitchenRoutes(app, ctx);
  registerDaySheetRoutes(app, ctx);
  registerSummaryRoute(app, ctx);
  registerDeliveryRoutes(app, ctx);
  registerCouponRoutes(app, ctx);
  registerOpenOrderRoutes(app, ctx);
  registerFestivalRoutes(app, ctx);
  registerFestivalDayRoutes(app, ctx);
  registerBookingRoutes(app, ctx);
  registerCounterRoutes(app, ctx);
}
