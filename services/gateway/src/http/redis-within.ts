/**
 * Redis's answer, or a failure once `ms` have passed: the gateway asks Redis on the request path (rate limits, the
 * credential check), and a Redis that does not answer must not hold a shopper's request.
 */
export function redisWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
