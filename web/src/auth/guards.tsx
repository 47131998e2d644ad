import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { PageSpinner } from "../components/PageSpinner";
import { useSessionRole, useSignedIn } from "./session";

/** Spec section 4: the dashboard (and the address screens) send a signed-out visitor home. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  return useSignedIn() ? children : <Navigate to="/home" replace />;
}

/**
 * Spec sections 4 and 6: admin pages send anyone else to the login page. The stored token's role is only a hint;
 * the admin info endpoint (ADMIN-only on the server) decides.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const role = useSessionRole();
  const check = useQuery({
    queryKey: ["admin-info"],
    // The identity client (and its schemas) loads with the first admin page, not with every page.
    queryFn: async () => (await import("../api/identity")).adminInfo(),
    enabled: role === "ADMIN",
    staleTime: 60_000,
  });
  if (role !== "ADMIN" || check.isError) return <Navigate to="/login" replace />;
  if (check.isPending) return <PageSpinner />;
  return children;
}

/**
 * The festival counter's screen (docs/counter.md): a counter account or the owner; anyone else goes to the counter's
 * login. The stored role is only a hint: every counter call is checked on the server (COUNTER or ADMIN).
 */
export function RequireCounter({ children }: { children: ReactNode }) {
  const role = useSessionRole();
  return role === "COUNTER" || role === "ADMIN" ? children : <Navigate to="/counter-login" replace />;
}
