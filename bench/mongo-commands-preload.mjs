// Preloaded into a service process by bench/checkout-commands.ts only (NODE_OPTIONS=--import <this file>): turns on
// the MongoDB driver's command monitoring on every client the service connects and appends each command, one JSON
// line, to $MONGO_COMMANDS_LOG: the service ($MONGO_COMMANDS_SERVICE), database, collection, command name, the
// filter's shape (keys only, an id inside a dotted key written X), whether it is by _id, and the time it took.
// Plain JavaScript, so the service runs without tsx. Resolves the same `mongodb` the services import (the hoisted one).
import { appendFileSync } from "node:fs";
import { MongoClient } from "mongodb";

const log = process.env.MONGO_COMMANDS_LOG;
const service = process.env.MONGO_COMMANDS_SERVICE ?? "?";
/** Commands of the driver's own housekeeping, not the service's. */
const IGNORED = new Set(["hello", "isMaster", "ismaster", "endSessions", "saslStart", "saslContinue", "buildInfo"]);

/** A key of a filter, its order id (or any segment with a digit) written X: `heldFor.1732b3n0` -> `heldFor.X`. */
const keyShape = (key) =>
  key
    .split(".")
    .map((part, i) => (i > 0 && /\d/.test(part) ? "X" : part))
    .join(".");

/** The filter's keys, and for `$or`/`$and` the keys of each branch. */
function shape(filter) {
  if (!filter || typeof filter !== "object") return "";
  return Object.entries(filter)
    .map(([key, value]) =>
      (key === "$or" || key === "$and") && Array.isArray(value)
        ? `${key}[${[...new Set(value.map(shape))].join("|")}]`
        : keyShape(key),
    )
    .join(",");
}

/** The filters a command carries (one per statement for update and delete). */
function filtersOf(name, command) {
  switch (name) {
    case "find":
    case "count":
    case "distinct":
      return [command.filter ?? command.query ?? {}];
    case "findAndModify":
      return [command.query ?? {}];
    case "update":
      return (command.updates ?? []).map((statement) => statement.q);
    case "delete":
      return (command.deletes ?? []).map((statement) => statement.q);
    case "aggregate": {
      const match = (command.pipeline ?? []).find((stage) => stage.$match);
      return [match ? match.$match : {}];
    }
    default:
      return [];
  }
}

const started = new Map();

function watch(client) {
  client.on("commandStarted", (event) => {
    if (IGNORED.has(event.commandName)) return;
    const command = event.command;
    const name = event.commandName;
    const collection = name === "getMore" ? command.collection : typeof command[name] === "string" ? command[name] : "";
    const filters = filtersOf(name, command);
    const filter = [...new Set(filters.map(shape))].join(" | ");
    const byId = filters.length > 0 && filters.every((f) => f && Object.hasOwn(f, "_id"));
    const sort = command.sort instanceof Map ? [...command.sort.keys()] : Object.keys(command.sort ?? {});
    const extra = name === "find" && sort.length ? ` sort{${sort.join(",")}}` : "";
    started.set(event.requestId, {
      service,
      db: event.databaseName,
      collection,
      command: name,
      filter: filter + extra,
      statements: Math.max(filters.length, name === "insert" ? (command.documents?.length ?? 0) : 0),
      byId: filters.length === 0 ? null : byId,
    });
  });
  const finish = (event, ok) => {
    const entry = started.get(event.requestId);
    if (!entry) return;
    started.delete(event.requestId);
    appendFileSync(log, `${JSON.stringify({ ...entry, at: Date.now(), ms: event.duration, ok })}\n`);
  };
  client.on("commandSucceeded", (event) => finish(event, true));
  client.on("commandFailed", (event) => finish(event, false));
}

if (log) {
  const connect = MongoClient.prototype.connect;
  const watched = new WeakSet();
  MongoClient.prototype.connect = function monitoredConnect(...args) {
    if (!watched.has(this)) {
      watched.add(this);
      // MongoClientOptions.monitorCommands, set before the first connection is made.
      this.options.monitorCommands = true;
      watch(this);
    }
    return connect.apply(this, args);
  };
}
