import { describe, expect, it } from 'vitest';
import { createCipher } from './crypto.ts';

const SECRET = 'test-secret-that-is-long-enough-0123456789';

describe('createCipher', () => {
  it('round-trips, with a fresh IV per value', () => {
    const c = createCipher(SECRET);
    const link = 'https://provider.example.com/api/sms?key=s3cr3t&n=5551234567';
    const a = c.encrypt(link);
    const b = c.encrypt(link);
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(a).not.toContain('s3cr3t');
    expect(c.decrypt(a)).toBe(link);
    expect(c.decrypt(b)).toBe(link);
    // A second cipher with the same secret (another process) reads it; another secret does not.
    expect(createCipher(SECRET).decrypt(a)).toBe(link);
    expect(() => createCipher(`${SECRET}-other`).decrypt(a)).toThrow();
  });

  it('refuses tampered values and unknown formats, also after the value was read once', () => {
    const c = createCipher(SECRET);
    const stored = c.encrypt('https://p.example.com/x');
    expect(c.decrypt(stored)).toBe('https://p.example.com/x');
    const raw = Buffer.from(stored.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    const tampered = 'v1:' + raw.toString('base64url');
    expect(() => c.decrypt(tampered)).toThrow();
    expect(() => c.decrypt(tampered)).toThrow();
    expect(() => c.decrypt('plain text')).toThrow('unknown ciphertext format');
  });

  it('keeps decrypting correctly beyond the remembered values', () => {
    const c = createCipher(SECRET, { cacheChars: 300 });
    const values = Array.from({ length: 10 }, (_, i) => `https://p${i}.example.com/?k=${i}`);
    const stored = values.map((v) => c.encrypt(v));
    for (let round = 0; round < 3; round++) {
      stored.forEach((s, i) => expect(c.decrypt(s)).toBe(values[i]));
    }
    expect(c.decrypt(stored[9]!)).toBe(values[9]);
    const long = `https://p.example.com/?k=${'x'.repeat(400)}`;
    const longStored = c.encrypt(long);
    expect(c.decrypt(longStored)).toBe(long);
    expect(c.decrypt(longStored)).toBe(long);
    stored.forEach((s, i) => expect(c.decrypt(s)).toBe(values[i]));
  });
});
