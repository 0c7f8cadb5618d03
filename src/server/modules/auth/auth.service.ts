import crypto from 'node:crypto';
import type { Locale } from '../../../shared/i18n/locales.ts';
import {
  CODE_TTL_MINUTES,
  MAX_CODE_ATTEMPTS,
  MAX_SENDS_PER_HOUR,
  RESEND_COOLDOWN_SECONDS,
} from '../../../shared/auth.ts';
import { withNext } from '../../../shared/next-path.ts';
import { formatIn, translator } from '../../i18n.ts';
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
  /** Whether a loopback Host may stand in for `publicUrl` in sign-in links (config). */
  linksFromLoopbackHost: boolean;
  /** Emails (lower-case) that become active super admins when they sign in (ADMIN_EMAILS). */
  adminEmails: string[];
  now: () => Date;
};

/** Who asks: their address, browser and language (a new account starts in it; its mails use it). */
export type RequestMeta = { ip: string; userAgent: string | undefined; locale: Locale };
export type NewSession = { token: string; expiresAt: Date; user: SessionUser };

/**
 * The sign-in mail in the asker's language: the code, the one-click link, and how long both last.
 * English is the product's text, character for character.
 */
export function signInMail(locale: Locale, code: string, link: string) {
  const t = translator(locale);
  const expiry = t('server.mail.signInExpiry', {
    inMinutes: formatIn(locale, CODE_TTL_MINUTES, 'minute'),
  });
  const ignore = t('server.mail.signInIgnore');
  /** A message's `<0>…</0>` as the HTML element opened by `open`. */
  const element = (text: string, open: string, close: string) =>
    text.replace('<0>', () => open).replace('</0>', () => close);
  return {
    subject: t('server.mail.signInSubject', { code }),
    text: [
      t('server.mail.signInCode', { code }),
      '',
      t('server.mail.signInLink'),
      link,
      '',
      expiry,
      ignore,
    ].join('\n'),
    html: `<p>${element(t('server.mail.signInCodeHtml', { code }), '<strong style="font-size:20px;letter-spacing:3px">', '</strong>')}</p>
<p>${element(t('server.mail.signInLinkHtml'), `<a href="${link.replaceAll('&', '&amp;')}">`, '</a>')}</p>
<p>${expiry}
${ignore}</p>`,
  };
}

/** A Host header naming this machine: localhost, 127.x.x.x or [::1], with an optional port. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * The origin of an emailed sign-in link: `publicUrl`, or, in development without PUBLIC_URL, the
 * origin the request was made to when its Host is a loopback one (a site opened at 127.0.0.1
 * signs in there). Any other Host is never used: a link in an email must not lead where a
 * request's Host header says (host header injection).
 */
export function signInLinkOrigin(
  publicUrl: string,
  linksFromLoopbackHost: boolean,
  host: string | undefined,
): string {
  return linksFromLoopbackHost && host && LOOPBACK_HOST.test(host)
    ? `http://${host.toLowerCase()}`
    : publicUrl;
}

export function authService({
  repo,
  mailer,
  secret,
  publicUrl,
  linksFromLoopbackHost,
  adminEmails,
  now,
}: AuthDeps) {
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
    /** `host`: the request's Host header (used only as `signInLinkOrigin` allows). */
    async sendCode(email: string, meta: RequestMeta, next?: string, host?: string) {
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
      const origin = signInLinkOrigin(publicUrl, linksFromLoopbackHost, host);
      const link = withNext(`${origin}/v1/auth/link?token=${linkToken}`, next ?? '');
      try {
        await mailer.send({ to: email, ...signInMail(meta.locale, code, link) });
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

    /** The session's user without renewing or touching the session (pages served in maintenance). */
    findSessionUser: async (token: string) => (await repo.findSession(sha256(token), now()))?.user,

    signOut: (token: string) => repo.deleteSession(sha256(token)),
  };
}
export type AuthService = ReturnType<typeof authService>;
