/** Phone numbers are stored as exactly 10 digits (North American numbers without the +1). */
export const PHONE_RE = /^\d{10}$/;

/** Strip a leading +1 and every non-digit: "+1 (555) 123-4567" → "5551234567". */
export function normalizePhone(raw: string): string {
  const s = raw.trim();
  return (s.startsWith('+1') ? s.slice(2) : s).replace(/\D/g, '');
}

export const isValidPhone = (digits: string) => PHONE_RE.test(digits);

/** "5551234567" → "(555) 123-4567"; anything else is returned unchanged. */
export function formatPhone(digits: string): string {
  return isValidPhone(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}
