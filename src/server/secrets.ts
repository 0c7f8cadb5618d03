import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's secret: SECRET_KEY when set, otherwise a random key kept in DATA_DIR/secret.key
 * (created on first start, mode 0600) so codes and sessions survive restarts.
 */
export function loadSecret(config: { secretKey: string | undefined; dataDir: string }): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}

export const hmac = (secret: string, purpose: string, value: string) =>
  crypto.createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('base64url');

export const sha256 = (value: string) =>
  crypto.createHash('sha256').update(value).digest('base64url');

export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

export function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
