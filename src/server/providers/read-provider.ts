import type { Cipher } from '../crypto.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import { translate } from '../i18n.ts';
import { parseProviderPayload, type ProviderMessage } from './payload.ts';
import { isHostFailure, type FetchFailure, type FetchOutcome } from './safe-fetch.ts';
import { messageText } from '../../shared/validation-message.ts';

/**
 * The one provider-read step, shared by the poller, Test, date checks and the public checker:
 * decrypt the stored link (or take a pasted one) → SSRF-safe fetch → parse → a result that says
 * which stage failed, in the product's words. Never throws.
 */

export type FetchLink = (url: string, signal?: AbortSignal) => Promise<FetchOutcome>;

export type ProviderRead =
  | { ok: true; status: number; messages: ProviderMessage[]; endDate: Date | null }
  | {
      ok: false;
      /** link: the stored link could not be read; fetch: no answer; parse: an answer we cannot use. */
      stage: 'link' | 'fetch' | 'parse';
      error: string;
      /** Set for fetch failures: why (host-level faults pause the whole host in the poller). */
      kind?: FetchFailure;
      /** The provider's HTTP status, when it answered one that is not 2xx. */
      status?: number;
    };

/** The link to read: encrypted as stored, or as pasted in a public check (never stored). */
export type LinkSource = { enc: string } | { url: string };

const NO_API_LINK = 'No API link provided for this number';

export function createProviderReader(deps: {
  cipher: Cipher;
  fetchLink: FetchLink;
  now: () => Date;
}) {
  return async function readProvider(
    link: LinkSource,
    phoneNumber: string,
    signal?: AbortSignal,
  ): Promise<ProviderRead> {
    let url: string;
    try {
      url = 'url' in link ? link.url : deps.cipher.decrypt(link.enc);
    } catch {
      return { ok: false, stage: 'link', error: NO_API_LINK };
    }
    let out: FetchOutcome;
    try {
      out = await deps.fetchLink(url, signal);
    } catch {
      return { ok: false, stage: 'fetch', kind: 'failed', error: 'Request failed' };
    }
    if (!out.ok) {
      return {
        ok: false,
        stage: 'fetch',
        kind: out.kind,
        error: out.error,
        ...(out.status ? { status: out.status } : {}),
      };
    }
    const parsed = parseProviderPayload(out.body, { phoneNumber, now: deps.now() });
    if (!parsed.ok) return { ok: false, stage: 'parse', error: parsed.error, status: out.status };
    return { ok: true, status: out.status, messages: parsed.messages, endDate: parsed.endDate };
  };
}
export type ReadProvider = ReturnType<typeof createProviderReader>;

/** Fetch failures that mean the host itself is down, not this one link. */
export const isHostFault = (r: ProviderRead) => !r.ok && r.stage === 'fetch' && isHostFailure(r);

/**
 * The Test button's label in `locale`: '✓ Success (n messages)', '✗ Failed (status)',
 * '✗ Error: …'.
 */
export function testLabel(r: ProviderRead, locale: Locale) {
  if (r.ok) return translate(locale, 'server.test.success', { count: r.messages.length });
  return r.stage === 'fetch' && r.status
    ? translate(locale, 'server.test.failed', { status: r.status })
    : translate(locale, 'server.test.error', { detail: r.error });
}

/** A date check's error for a failed read: 'API request failed (status)' or 'Error: …'. */
export const dateCheckError = (r: Extract<ProviderRead, { ok: false }>) =>
  r.stage === 'fetch' && r.status
    ? messageText('server.dateChecks.requestFailed', { status: r.status })
    : messageText('server.dateChecks.failed', { detail: r.error });
