/**
 * Where the shared servers answer on a developer's machine (scripts/infra.sh starts them there): the services'
 * defaults outside production, the tests' and benches' when nothing else is set. The one home of these URLs in
 * TypeScript; scripts/lib.sh's `export_infra_urls` says the same for the shell.
 */
export const LOCAL_INFRA = {
  MONGO_URL: "mongodb://127.0.0.1:27017",
  AMQP_URL: "amqp://guest:guest@127.0.0.1:5672",
  REDIS_URL: "redis://127.0.0.1:6379",
  RABBITMQ_MANAGEMENT_URL: "http://guest:guest@127.0.0.1:15672",
  /** MailDev's SMTP side (the services send to it) and its REST API (the tests read the inbox there). */
  SMTP_URL: "smtp://127.0.0.1:1025",
  MAILDEV_API_URL: "http://127.0.0.1:1080",
} as const;

/**
 * Sets each of MONGO_URL, AMQP_URL, REDIS_URL, RABBITMQ_MANAGEMENT_URL, SMTP_URL and MAILDEV_API_URL that is unset
 * to its local server, as `export_infra_urls` does: a bench or script run by hand finds the local infrastructure.
 */
export function useLocalInfraByDefault(env: NodeJS.ProcessEnv = process.env): void {
  // Empty counts as unset, as with the shell's ${VAR:-default}.
  for (const [name, url] of Object.entries(LOCAL_INFRA)) env[name] ||= url;
}
