import crypto from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (provider API links). The key is derived from the server secret;
 * each value gets a fresh 96-bit IV. Format: "v1:" + base64url(iv | tag | ciphertext).
 */
export function createCipher(secret: string) {
  const key = crypto.hkdfSync('sha256', secret, 'voip-manager', 'api-link-encryption', 32);
  const k = Buffer.from(key);
  return {
    encrypt(plain: string): string {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return 'v1:' + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
    },
    decrypt(stored: string): string {
      if (!stored.startsWith('v1:')) throw new Error('unknown ciphertext format');
      const raw = Buffer.from(stored.slice(3), 'base64url');
      const d = crypto.createDecipheriv('aes-256-gcm', k, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;
