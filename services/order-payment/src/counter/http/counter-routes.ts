import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import {
  ApiPaths,
  CounterMessages,
  markCashSchema,
  markCollectedSchema,
  passCodeParamSchema,
  passLookupQuerySchema,
} from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express, Response } from "express";
import type { FestivalsRepository } from "../../festivals/persistence/festivals.js";
import type { CounterContext, CounterStaff } from "../usecases/counter-context.js";
import { listCounterMornings } from "../usecases/list-counter-mornings.js";
import { lookUpPass } from "../usecases/look-up-pass.js";
import { markCollected } from "../usecases/mark-collected.js";
import { takeCash } from "../usecases/take-cash.js";

export interface CounterRouteContext extends CounterContext {
  tokenKeys: TokenKeys;
  festivals: FestivalsRepository;
  now: () => Date;
}

/** Who is at the counter: the account, and the name its token carries (an admin's token has none: its email). */
const staffOf = (res: Response): CounterStaff => {
  const principal = requirePrincipal(res);
  return { userId: principal.sub, name: principal.name ?? principal.email };
};

/** The festival counter's routes (docs/counter.md): counter staff and the owner only, every input parsed. */
export function registerCounterRoutes(app: Express, ctx: CounterRouteContext): void {
  const counterStaff = requireAuth({ ...ctx.tokenKeys, roles: ["COUNTER", "ADMIN"] });

  app.get(
    ApiPaths.payment.counterMornings,
    counterStaff,
    handle({}, async (_input, _req, res) => {
      res.json({ mornings: await listCounterMornings(ctx.festivals, ctx.now()) });
    }),
  );

  app.get(
    ApiPaths.payment.counterPass,
    counterStaff,
    handle({ params: passCodeParamSchema, query: passLookupQuerySchema }, async ({ params, query }, _req, res) => {
      res.json(await lookUpPass(ctx, staffOf(res), params.code, query));
    }),
  );

  app.post(
    ApiPaths.payment.counterCollected,
    counterStaff,
    handle(
      { params: passCodeParamSchema, query: passLookupQuerySchema, body: markCollectedSchema },
      async ({ params, query, body }, _req, res) => {
        const pass = await markCollected(ctx, staffOf(res), params.code, query, body.markId);
        res.json({ message: CounterMessages.COLLECTED, pass });
      },
    ),
  );

  app.post(
    ApiPaths.payment.counterCash,
    counterStaff,
    handle(
      { params: passCodeParamSchema, query: passLookupQuerySchema, body: markCashSchema },
      async ({ params, query }, req, res) => {
        const pass = await takeCash(ctx, staffOf(res), params.code, query, req.id);
        res.json({ message: CounterMessages.CASH_RECORDED, pass });
      },
    ),
  );
}
