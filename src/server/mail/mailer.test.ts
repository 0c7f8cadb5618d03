import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createSmtpMailer } from './mailer.ts';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP peer on 127.0.0.1 that can be told to reject mail. */
async function startSmtp() {
  const received: Received[] = [];
  let reject = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        if (reject)
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setReject: (v: boolean) => (reject = v),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    mailer: createSmtpMailer(smtp.url, 'VOIP Manager <no-reply@voip.test>'),
    database: await createTestDb(),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('SMTP mailer', () => {
  it('delivers the sign-in mail over SMTP, and the code in it signs in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/code',
      payload: { email: 'smtp@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('no-reply@voip.test');
    expect(mail.to).toEqual(['smtp@example.com']);
    const parsed = await simpleParser(mail.data);
    const code = /code is (\d{6})/.exec(parsed.text ?? '')![1]!;
    expect(parsed.html).toContain(code);
    expect(parsed.text).toContain('/v1/auth/link?token=');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: 'smtp@example.com', code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers 502 when the SMTP server refuses, without burning the resend window', async () => {
    smtp.setReject(true);
    // The refusal is a 502 the server logs as an error, on purpose: mail delivery is broken.
    t.allowErrorLogs(/Failed to send verification code; caused by: Message failed: 550/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/code',
      payload: { email: 'bounce@example.com' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'SEND_FAILED',
      message: 'Failed to send verification code',
    });
    const failed = t.logs();
    expect(failed).toContain('request failed');
    smtp.setReject(false);
    const retry = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/code',
      payload: { email: 'bounce@example.com' },
    });
    expect(retry.statusCode).toBe(200);
  });
});
