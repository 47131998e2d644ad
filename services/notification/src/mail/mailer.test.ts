import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectMailer } from "./mailer.js";

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
