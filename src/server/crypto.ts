import crypto from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (provider API links). The key is derived from the server secret;
 * each value gets a fresh 96-bit IV. Format: "v1:" + base64url(iv | tag | ciphertext).
 *
 * Decrypted values are remembered, the most recent first, up to `cacheChars` characters of
 * ciphertext and text together (oldest dropped first): a ciphertext always decrypts to the same
 * text, and the numbers list decrypts 50 links per request while the poller decrypts every number
 * on every poll; the cipher setup dominates for short links. The default, 4 million characters,
 * holds some 15,000–20,000 typical links in under 10 MB; a value larger than all of it is not kept.
 */
export function createCipher(secret: string, opts: { cacheChars?: number } = {}) {
  const key = crypto.hkdfSync('sha256', secret, 'voip-manager', 'api-link-encryption', 32);
  const k = Buffer.from(key);
  const cacheChars = opts.cacheChars ?? 4_000_000;
  const plain = new Map<string, string>();
  let chars = 0;

  function decryptUncached(stored: string): string {
    if (!stored.startsWith('v1:')) throw new Error('unknown ciphertext format');
    const raw = Buffer.from(stored.slice(3), 'base64url');
    const d = crypto.createDecipheriv('aes-256-gcm', k, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }

  return {
    encrypt(text: string): string {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return 'v1:' + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
    },
    /** Throws on an unknown format or a value that fails authentication (never cached). */
    decrypt(stored: string): string {
      const hit = plain.get(stored);
      if (hit !== undefined) return hit;
      const text = decryptUncached(stored);
      const size = stored.length + text.length;
      if (size > cacheChars) return text;
      chars += size;
      plain.set(stored, text);
      for (const [oldest, value] of plain) {
        if (chars <= cacheChars) break;
        plain.delete(oldest);
        chars -= oldest.length + value.length;
      }
      return text;
    },
  };
}
export type Cipher = ReturnType<typeof createCipher>;
