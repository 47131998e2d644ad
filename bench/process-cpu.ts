/**
 * CPU time of the shop's processes from /proc/<pid>/stat (utime + stime, in clock ticks): the database process (the
 * local FerretDB, found by the port it listens on) and each service. bench/idle.ts and bench/checkout.ts read it around
 * their measured windows. The database process serves any other client on the machine too: check nothing else uses it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { LOCAL_INFRA } from "@storefront/config";

export const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

/** The pid of the process listening on the database's port (the local FerretDB). */
export function databasePid(): number {
  const port = new URL(process.env.MONGO_URL ?? LOCAL_INFRA.MONGO_URL).port || "27017";
  const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`no process found listening on :${port} (ss -ltnp needs to see its owner)`);
  return Number(pid);
}

/** utime + stime of a process so far, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return Number(fields[11]) + Number(fields[12]);
}

export interface WatchedProcess {
  name: string;
  pid: number;
}

export interface CpuRow {
  process: string;
  pid: number;
  "cpu ticks": number;
  "% of one core": number;
}

/**
 * Starts counting the processes' CPU; `read()` answers one row per process and one for the services together (every
 * process but the first, which is the database in shopProcesses' list).
 */
export function cpuMeter(watched: WatchedProcess[]): { read(): CpuRow[] } {
  const before = watched.map((process) => cpuTicks(process.pid));
  const started = performance.now();
  return {
    read() {
      const seconds = (performance.now() - started) / 1000;
      const percent = (ticks: number) => Math.round((ticks / CLOCK_TICKS / seconds) * 100 * 10) / 10;
      const rows = watched.map((process, i) => {
        const ticks = cpuTicks(process.pid) - before[i]!;
        return { process: process.name, pid: process.pid, "cpu ticks": ticks, "% of one core": percent(ticks) };
      });
      const services = rows.slice(1).reduce((sum, row) => sum + row["cpu ticks"], 0);
      rows.push({ process: "all services", pid: 0, "cpu ticks": services, "% of one core": percent(services) });
      return rows;
    },
  };
}

/** The database process and every process of a shop started by bench/shop-processes.ts. */
export function shopProcesses(processes: Record<string, { child: { pid?: number } } | undefined>): WatchedProcess[] {
  return [
    { name: "database (FerretDB)", pid: databasePid() },
    ...Object.entries(processes).flatMap(([name, process]) =>
      process?.child.pid ? [{ name, pid: process.child.pid }] : [],
    ),
  ];
}
