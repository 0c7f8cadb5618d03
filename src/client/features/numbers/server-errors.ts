import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api.ts';

/**
 * Puts a 400's field errors on the form fields it knows, and returns the message for the red
 * banner (409 'Number … already exists', network errors, anything not tied to a field).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known: ReadonlyArray<Path<T>>,
  fallback: string,
): string | null {
  if (err instanceof ApiError && err.fields) {
    let placed = 0;
    for (const [field, messages] of Object.entries(err.fields)) {
      const message = Array.isArray(messages) ? messages[0] : String(messages);
      if (message && (known as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
        placed++;
      }
    }
    if (placed > 0 && placed === Object.keys(err.fields).length) return null;
  }
  return errorMessage(err, fallback);
}
