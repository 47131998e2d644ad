import type { Express } from "express";

/** The order-payment service's public routes (spec section 7); the feature issues add them here. */
export function registerRoutes(_app: Express): void {}
