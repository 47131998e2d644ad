/**
 * The shop's open and coming festivals (public), shared by home's banner and a festival's page; the server keeps it
 * a minute. Its client (and the contracts' schemas with zod) loads when first asked: home's first load carries none
 * of them (web/e2e/home.e2e.test.ts checks it), and home asks only once it has settled.
 */
export const festivalsQuery = {
  queryKey: ["shop-festivals"],
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await import("../../api/festivals")).shopFestivals(signal),
  staleTime: 60_000,
} as const;
