// A minimal SMTP server on loopback, so the SMTP transport is tested over a real
// socket (CONVENTIONS 20: fake outside services at the network edge).
import net from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export async function startFakeSmtp(): Promise<{ port: number; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let current: ReceivedMail = { from: "", to: [], data: "" };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          mails.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          reply("250 2.0.0 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        switch (line.slice(0, 4).toUpperCase()) {
          case "EHLO":
          case "HELO":
            reply("250 fake-smtp");
            break;
          case "MAIL":
            current.from = line.slice(10).trim();
            reply("250 2.1.0 OK");
            break;
          case "RCPT":
            current.to.push(line.slice(8).trim());
            reply("250 2.1.5 OK");
            break;
          case "DATA":
            inData = true;
            reply("354 End data with <CR><LF>.<CR><LF>");
            break;
          case "QUIT":
            reply("221 2.0.0 Bye");
            socket.end();
            break;
          default:
            reply("250 OK");
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
