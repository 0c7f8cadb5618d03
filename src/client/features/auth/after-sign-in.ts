import type { Me } from '../../../shared/auth.ts';
import { safeNextPath, withNext } from '../../../shared/next-path.ts';

/**
 * Where a signed-in user goes from /auth: the page asked for (`next`, the raw ?next= value, kept
 * only when it is an app page), through /verify-email while the email is not verified.
 */
export function afterSignIn(me: Pick<Me, 'emailVerified'>, next: string | null): string {
  const page = safeNextPath(next);
  return me.emailVerified ? page : withNext('/verify-email', page);
}
