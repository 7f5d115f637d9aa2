/** Local stand-ins for the outside message services: a tiny SMTP server and an Africa's Talking endpoint. */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FakeSmtp {
  url: string;
  /** Connections refused with 421 before one is accepted. */
  failNext: number;
  connections: number;
  mails: { from: string; to: string[]; data: string }[];
  close(): Promise<void>;
}

/** Speaks just enough SMTP for nodemailer: greeting, EHLO, MAIL, RCPT, DATA, QUIT. */
export async function startFakeSmtp(failFirst = 0): Promise<FakeSmtp> {
  const state = { failNext: failFirst, connections: 0, mails: [] as FakeSmtp['mails'] };
  const server = net.createServer((socket) => {
    state.connections++;
    if (state.failNext > 0) {
      state.failNext--;
      socket.end('421 4.3.2 Service not available, try again later\r\n');
      return;
    }
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake.smtp.test ESMTP ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          state.mails.push(mail);
          mail = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 Queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp.test\r\n');
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 2.1.0 OK\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 2.1.5 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else socket.write('502 5.5.2 Command not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeSmtp;
}

export interface FakeAfricasTalking {
  baseUrl: string;
  requests: { apiKey: string | undefined; form: URLSearchParams }[];
  close(): Promise<void>;
}

/** Answers POST /version1/messaging like Africa's Talking does for an accepted message. */
export async function startFakeAfricasTalking(): Promise<FakeAfricasTalking> {
  const requests: FakeAfricasTalking['requests'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/version1/messaging') {
        res.writeHead(404).end();
        return;
      }
      const form = new URLSearchParams(body);
      requests.push({ apiKey: req.headers.apikey as string | undefined, form });
      res.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          SMSMessageData: {
            Message: 'Sent to 1/1 Total Cost: UGX 30.0000',
            Recipients: [{ statusCode: 101, number: form.get('to'), status: 'Success', cost: 'UGX 30.0000', messageId: 'ATXid_1' }],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
