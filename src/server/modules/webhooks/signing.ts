import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/webhooks.ts';

/** A new endpoint secret as Standard Webhooks write it: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = () =>
  WEBHOOK_SECRET_PREFIX + crypto.randomBytes(24).toString('base64');

const keyOf = (secret: string) =>
  Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );

/** One signature: `v1,` + base64 HMAC-SHA256 (keyed by the secret's bytes) of `id.timestamp.body`. */
export function signature(secret: string, id: string, timestamp: number, body: string) {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/**
 * The headers of one attempt. Each secret given signs (the current one, and the previous one
 * during a rotation's overlap): receivers accept any signature that matches a secret they hold.
 */
export function signedHeaders(secrets: string[], id: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}

/**
 * What a receiver does (tests, the README): the signature matches one of the header's, and the
 * timestamp is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const ts = Number(headers['webhook-timestamp']);
  if (!id || !Number.isInteger(ts) || Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signature(secret, id, ts, body));
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((sig) => {
      const got = Buffer.from(sig);
      return got.length === expected.length && crypto.timingSafeEqual(got, expected);
    });
}
