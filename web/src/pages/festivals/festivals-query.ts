import { shopFestivals } from "../../api/festivals";

/** The shop's open and coming festivals (public), shared by home's banner and a festival's page; the server keeps it a minute. */
export const festivalsQuery = {
  queryKey: ["shop-festivals"],
  queryFn: ({ signal }: { signal: AbortSignal }) => shopFestivals(signal),
  staleTime: 60_000,
} as const;
