import { request } from "node:http";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";

/** One answer as the attack suite reads it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request sent exactly as written, over node:http (fetch would normalise the path, and refuses to send Host,
 * Connection or Transfer-Encoding itself).
 */
export function send(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: url.hostname,
      port: url.port,
      method,
      path,
      headers: {
        ...(options.body !== undefined && !options.chunked
          ? { "content-length": String(Buffer.byteLength(options.body)) }
          : {}),
        ...options.headers,
      },
      setHost: !options.headers?.host,
      // A connection of its own: an attack answered early (413 mid-body) must not leave bytes for the next one.
      agent: false,
    });
    outgoing.on("response", (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    outgoing.on("error", reject);
    if (options.chunked && options.body !== undefined) {
      // Several chunks and no Content-Length: the gateway must count the bytes as they come.
      const body = Buffer.from(options.body);
      for (let at = 0; at < body.length; at += 16 * 1024) outgoing.write(body.subarray(at, at + 16 * 1024));
      outgoing.end();
    } else {
      outgoing.end(options.body);
    }
  });
}

/** Bytes written to a socket as they are: for requests node:http will not build (Content-Length with chunking). */
export function sendRaw(base: string, raw: string): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, headers: {}, text: received.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
    });
    socket.end(raw);
  });
}

export const json = (value: unknown) => JSON.stringify(value);
/** 5 MB of zeros, gzipped to a few kilobytes: inflated past every body limit. */
export const gzipBomb = () => gzipSync(Buffer.from(json({ email: "a@b.in", password: "0".repeat(5 * 1024 * 1024) })));
