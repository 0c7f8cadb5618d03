import crypto from 'node:crypto';
import {
  CODE_TTL_MINUTES,
  MAX_CODE_ATTEMPTS,
  MAX_SENDS_PER_HOUR,
  RESEND_COOLDOWN_SECONDS,
} from '../../../shared/auth.ts';
import { withNext } from '../../../shared/next-path.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../../secrets.ts';
import { authErrors } from './auth.errors.ts';
import type { AuthRepository, SessionUser } from './auth.repository.ts';

export const SESSION_TTL_MS = 30 * 86_400_000;
/** Sliding expiry: push the expiry out again once it is more than a day old. */
const SESSION_REFRESH_AFTER_MS = 86_400_000;
/** A session's "last active" is written at most this often (one small write per session). */
const SESSION_SEEN_EVERY_MS = 5 * 60_000;
const MAX_SENDS_PER_IP_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

export type AuthDeps = {
  repo: AuthRepository;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Emails (lower-case) that become active super admins when they sign in (ADMIN_EMAILS). */
  adminEmails: string[];
  now: () => Date;
};

export type RequestMeta = { ip: string; userAgent: string | undefined };
export type NewSession = { token: string; expiresAt: Date; user: SessionUser };

export function authService({ repo, mailer, secret, publicUrl, adminEmails, now }: AuthDeps) {
  const codeHash = (email: string, code: string) => hmac(secret, 'login-code', `${email}\0${code}`);
  const linkHash = (token: string) => hmac(secret, 'login-link', token);

  async function openSession(email: string, meta: RequestMeta): Promise<NewSession> {
    const t = now();
    const token = randomToken(32);
    const expiresAt = new Date(t.getTime() + SESSION_TTL_MS);
    const user = await repo.signIn({
      email,
      now: t,
      tokenHash: sha256(token),
      expiresAt,
      superAdmin: adminEmails.includes(email),
      ...meta,
    });
    return { token, expiresAt, user };
  }

  return {
    async sendCode(email: string, meta: RequestMeta, next?: string) {
      const t = now();
      const retryAfter = (oldest: Date | null) =>
        oldest ? (oldest.getTime() + HOUR_MS - t.getTime()) / 1000 : 60;
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const linkToken = randomToken(32);
      // The limits are checked and the send recorded in one transaction, under locks on the email
      // and the IP, so parallel requests (from any process) cannot both pass the same check.
      const sendId = await repo.storeCode(
        {
          email,
          ip: meta.ip,
          codeHash: codeHash(email, code),
          linkTokenHash: linkHash(linkToken),
          now: t,
          expiresAt: new Date(t.getTime() + CODE_TTL_MINUTES * 60_000),
        },
        new Date(t.getTime() - HOUR_MS),
        (stats) => {
          if (stats.lastCodeAt) {
            const wait =
              RESEND_COOLDOWN_SECONDS - (t.getTime() - stats.lastCodeAt.getTime()) / 1000;
            if (wait > 0) throw authErrors.resendTooSoon(wait);
          }
          if (stats.byEmail.n >= MAX_SENDS_PER_HOUR)
            throw authErrors.tooManyCodes(retryAfter(stats.byEmail.oldest));
          if (stats.byIp.n >= MAX_SENDS_PER_IP_PER_HOUR)
            throw authErrors.tooManyFromIp(retryAfter(stats.byIp.oldest));
        },
      );
      const link = withNext(`${publicUrl}/v1/auth/link?token=${linkToken}`, next ?? '');
      const htmlLink = link.replaceAll('&', '&amp;');
      try {
        await mailer.send({
          to: email,
          subject: `Your VOIP Manager sign-in code: ${code}`,
          text: [
            `Your sign-in code is ${code}`,
            '',
            `Enter it on the sign-in page, or open this link to sign in directly:`,
            link,
            '',
            `The code and the link work once and expire in ${CODE_TTL_MINUTES} minutes.`,
            `If you did not ask to sign in to VOIP Manager, you can ignore this email.`,
          ].join('\n'),
          html: `<p>Your sign-in code is <strong style="font-size:20px;letter-spacing:3px">${code}</strong></p>
<p>Enter it on the sign-in page, or <a href="${htmlLink}">sign in with one click</a>.</p>
<p>The code and the link work once and expire in ${CODE_TTL_MINUTES} minutes.
If you did not ask to sign in to VOIP Manager, you can ignore this email.</p>`,
        });
      } catch (err) {
        await repo.forgetCode(email, sendId);
        throw Object.assign(authErrors.sendFailed(), { cause: err });
      }
      return {
        sent: true as const,
        resendAfterSeconds: RESEND_COOLDOWN_SECONDS,
        expiresInSeconds: CODE_TTL_MINUTES * 60,
      };
    },

    async verifyCode(email: string, code: string, meta: RequestMeta): Promise<NewSession> {
      const t = now();
      const spent = await repo.spendAttempt(email, t, MAX_CODE_ATTEMPTS);
      if (!spent) {
        const row = await repo.getCode(email);
        if (!row || row.consumedAt) throw authErrors.noActiveCode();
        if (row.attempts >= MAX_CODE_ATTEMPTS) throw authErrors.codeBurned();
        throw authErrors.codeExpired();
      }
      if (!safeEqual(spent.codeHash, codeHash(email, code))) {
        throw authErrors.wrongCode(MAX_CODE_ATTEMPTS - spent.attempts);
      }
      if (!(await repo.consumeByEmail(email, t))) throw authErrors.noActiveCode();
      return openSession(email, meta);
    },

    /** Sign in from the emailed link; undefined when the link is unknown, used or expired. */
    async signInWithLink(token: string, meta: RequestMeta): Promise<NewSession | undefined> {
      const email = await repo.consumeByLink(linkHash(token), now());
      return email ? openSession(email, meta) : undefined;
    },

    /** The session's user, and a new expiry when the sliding window moved. */
    async resolveSession(token: string) {
      const t = now();
      const tokenHash = sha256(token);
      const found = await repo.findSession(tokenHash, t);
      if (!found) return undefined;
      let renewedUntil: Date | undefined;
      if (SESSION_TTL_MS - (found.expiresAt.getTime() - t.getTime()) > SESSION_REFRESH_AFTER_MS) {
        renewedUntil = new Date(t.getTime() + SESSION_TTL_MS);
        await repo.extendSession(tokenHash, t, renewedUntil);
      } else if (t.getTime() - found.lastSeenAt.getTime() > SESSION_SEEN_EVERY_MS) {
        await repo.touchSession(tokenHash, t);
      }
      return { user: found.user, renewedUntil };
    },

    signOut: (token: string) => repo.deleteSession(sha256(token)),
  };
}
export type AuthService = ReturnType<typeof authService>;
