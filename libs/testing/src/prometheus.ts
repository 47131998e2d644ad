/**
 * The value of one series in a Prometheus text exposition (GET /metrics), found by its name and the labels given
 * (others, such as the service's own label, may be there too, in any order); 0 when the series does not exist.
 */
export function seriesValue(exposition: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of exposition.split("\n")) {
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample || sample[1] !== name) continue;
    const present = new Map([...(sample[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(sample[3]);
  }
  return 0;
}
