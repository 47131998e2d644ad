/** The slice of a pino logger the bus needs; any pino logger fits, tests may pass a silent one. */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: BusLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** Error text safe for logs and message headers: the message only, bounded in length. */
export function describeError(error: unknown, max = 1000): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
