// Checks a webhook delivery's signature as Standard Webhooks define it (see the README).
import crypto from 'node:crypto';

export function verified(secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = `v1,${crypto.createHmac('sha256', key).update(signed).digest('base64')}`;
  const fresh = Math.abs(Date.now() / 1000 - Number(headers['webhook-timestamp'])) < 300;
  return fresh && headers['webhook-signature'].split(' ').includes(expected);
}
