import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectMailer, SEND_TIMEOUT_MS } from "./mailer.js";

/** A mail server that only greets, answers EHLO and QUIT, and counts the connections it gets. */
async function countingSmtpServer(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.write("220 test.local ESMTP\r\n");
    socket.on("data", (data) => {
      const command = data.toString().trim().toUpperCase();
      if (command.startsWith("EHLO")) socket.write("250 test.local\r\n");
      else if (command.startsWith("QUIT")) socket.end("221 bye\r\n");
      else socket.write("502 not here\r\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { server, port: address.port, connections: () => connections };
}

/** A mail server that takes every message (EHLO, MAIL, RCPT, DATA) and counts them, on `port`. */
async function smtpSink(port: number): Promise<{ server: Server; messages: () => number }> {
  let messages = 0;
  const server = createServer((socket) => {
    let inData = false;
    socket.write("220 sink.local ESMTP\r\n");
    socket.on("data", (data) => {
      for (const line of data.toString().split("\r\n")) {
        if (inData) {
          if (line === ".") {
            inData = false;
            messages++;
            socket.write("250 queued\r\n");
          }
          continue;
        }
        const command = line.trim().toUpperCase();
        if (command === "") continue;
        if (command.startsWith("EHLO") || command.startsWith("HELO")) socket.write("250 sink.local\r\n");
        else if (command.startsWith("DATA")) {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (command.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, messages: () => messages };
}

const aMessage = { from: "shop@example.in", to: "asha@example.in", subject: "Your OTP", text: "123456" };

let server: Server | undefined;
afterEach(() => {
  server?.close();
});

describe("the mailer's readiness check", () => {
  it("verifies the SMTP server once for a burst of probes, not once per probe", async () => {
    const smtp = await countingSmtpServer();
    server = smtp.server;
    const mailer = connectMailer(`smtp://127.0.0.1:${smtp.port}`);
    await Promise.all([mailer.check(), mailer.check()]);
    for (let probe = 0; probe < 5; probe++) await mailer.check();
    expect(smtp.connections()).toBe(1);
    await mailer.close();
  });

  it("reports an SMTP server that is not there", async () => {
    const smtp = await countingSmtpServer();
    const port = smtp.port;
    await new Promise((resolve) => smtp.server.close(resolve));
    const mailer = connectMailer(`smtp://127.0.0.1:${port}`);
    await expect(mailer.check()).rejects.toThrow(/ECONNREFUSED/);
    await mailer.close();
  });
});

describe("the mailer after an SMTP outage", () => {
  it("sends again by itself once the server is back (five failed connects used to hang every later send)", async () => {
    const away = await countingSmtpServer();
    const port = away.port;
    await new Promise((resolve) => away.server.close(resolve));
    const mailer = connectMailer(`smtp://127.0.0.1:${port}`);
    for (let attempt = 0; attempt < 7; attempt++) await expect(mailer.send(aMessage)).rejects.toThrow();
    await expect(mailer.check()).rejects.toThrow(/emails are not going out/);

    const sink = await smtpSink(port);
    server = sink.server;
    const started = Date.now();
    await mailer.send(aMessage);
    await mailer.send(aMessage);
    expect(sink.messages()).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    await expect(mailer.check()).resolves.toBeUndefined();
    await mailer.close();
  }, 20_000);

  it(
    "gives up on a send the server never answers, within its timeout",
    async () => {
      // A server that accepts the connection and then says nothing at all.
      const silent = createServer(() => {});
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      server = silent;
      const address = silent.address();
      if (!address || typeof address === "string") throw new Error("no port");
      const mailer = connectMailer(`smtp://127.0.0.1:${address.port}`);
      const started = Date.now();
      await expect(mailer.send(aMessage)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThanOrEqual(SEND_TIMEOUT_MS + 1_000);
      await mailer.close();
    },
    SEND_TIMEOUT_MS + 5_000,
  );
});
