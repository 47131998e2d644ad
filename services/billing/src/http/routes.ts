import type { Express } from "express";

/** The billing service's public routes (spec section 7); the feature issues add them here. */
export function registerRoutes(_app: Express): void {}
