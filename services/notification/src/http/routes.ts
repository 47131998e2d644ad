import type { Express } from "express";

/** The notification service's public routes (spec section 7); the feature issues add them here. */
export function registerRoutes(_app: Express): void {}
