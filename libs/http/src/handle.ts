import type { Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { validationFailed } from "./errors.js";

/** The zod schemas a route parses its input with; each part left out is `undefined` in the input. */
export interface InputSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

type Parsed<S extends InputSchemas, K extends keyof InputSchemas> = S extends { [P in K]: infer T extends z.ZodType }
  ? z.output<T>
  : undefined;

/** The parsed, typed input a {@link handle} route receives. */
export interface Input<S extends InputSchemas> {
  body: Parsed<S, "body">;
  query: Parsed<S, "query">;
  params: Parsed<S, "params">;
}

const PARTS = ["params", "query", "body"] as const;

/**
 * Wraps a route: parses `req.params`, `req.query` and `req.body` with the given zod schemas, answers
 * 400 VALIDATION_FAILED (messages from the schemas, i.e. the spec's wording) when any part is wrong, and passes
 * the typed values as `input`. Rejections go to the error handler.
 *
 * Express 5 makes `req.query` a getter, so parsed values travel in `input` instead of being written back on `req`.
 */
export function handle<S extends InputSchemas>(
  schemas: S,
  route: (input: Input<S>, req: Request, res: Response) => Promise<void>,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const input: Record<(typeof PARTS)[number], unknown> = { params: undefined, query: undefined, body: undefined };
      const issues: z.core.$ZodIssue[] = [];
      for (const part of PARTS) {
        const schema = schemas[part];
        if (!schema) continue;
        const result = await schema.safeParseAsync(req[part]);
        if (result.success) {
          input[part] = result.data;
        } else {
          // An issue about the whole part (a missing body) is filed under the part's name.
          issues.push(
            ...result.error.issues.map((issue) => (issue.path.length > 0 ? issue : { ...issue, path: [part] })),
          );
        }
      }
      if (issues.length > 0) throw validationFailed(issues);
      await route(input as Input<S>, req, res);
    } catch (err) {
      next(err);
    }
  };
}
