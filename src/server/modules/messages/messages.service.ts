import { stringify } from 'csv-stringify/sync';
import {
  REFRESH_ALL_MAX,
  type ExpectResult,
  type RefreshAllResult,
  type RefreshResult,
  type TestResult,
} from '../../../shared/checks.ts';
import type { Message } from '../../../shared/messages.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { eachLimited } from '../../concurrency.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import type { Poller } from '../../poller/poller.ts';
import type { PollerRepository } from '../../poller/poller.repository.ts';
import { testLabel, type ReadProvider } from '../../providers/read-provider.ts';
import type { NumbersRepository } from '../numbers/numbers.repository.ts';
import { numberErrors } from '../numbers/numbers.errors.ts';
import { toMessageDto } from './messages.dto.ts';
import type { MessageFilters, MessagesRepository } from './messages.repository.ts';

export const CSV_EXPORT_MAX = 50_000;

export type MessageQuery = {
  numberId?: string;
  q?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
};

/** `from`/`to` are calendar days (UTC); `to` includes its whole day. */
function toFilters(q: MessageQuery): MessageFilters {
  return {
    ...(q.numberId ? { numberId: q.numberId } : {}),
    ...(q.q ? { q: q.q } : {}),
    ...(q.from ? { from: new Date(`${q.from}T00:00:00Z`) } : {}),
    ...(q.to ? { to: new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
  };
}

export function messagesService(deps: {
  repo: MessagesRepository;
  numbers: NumbersRepository;
  poller: Poller;
  /** The on-demand reader (Test): its own connection budget, apart from the poller's. */
  readProvider: ReadProvider;
  /** Arming a number to expect a code: the mark, the expecting interval and how long it lasts. */
  expecting: {
    mark: PollerRepository['markNumbers'];
    intervalMs: number;
    windowMs: number;
  };
  now: () => Date;
}) {
  const { repo, numbers } = deps;

  async function ownNumber(userId: string, id: string) {
    const n = await numbers.get(userId, id);
    if (!n) throw numberErrors.notFound();
    return n;
  }

  return {
    /** The user's number by id (404 NUMBER_NOT_FOUND for another user's, as for none). */
    ownNumber,

    async list(
      userId: string,
      q: MessageQuery,
    ): Promise<{ items: Message[]; nextCursor: string | null }> {
      if (q.numberId) await ownNumber(userId, q.numberId);
      const at = q.cursor ? decodeCursor(q.cursor) : undefined;
      const cursor = at && { receivedAt: at.at, id: at.id };
      const { rows, more } = await repo.list(userId, toFilters(q), cursor, q.limit);
      const last = rows.at(-1);
      return {
        items: rows.map(toMessageDto),
        nextCursor: more && last ? encodeCursor({ at: last.receivedAt, id: last.id }) : null,
      };
    },

    /** The filtered history as CSV (formula-safe quoting by csv-stringify), newest first. */
    async exportCsv(userId: string, q: Omit<MessageQuery, 'cursor' | 'limit'>) {
      if (q.numberId) await ownNumber(userId, q.numberId);
      const { rows } = await repo.list(
        userId,
        toFilters({ ...q, limit: CSV_EXPORT_MAX }),
        undefined,
        CSV_EXPORT_MAX,
      );
      return stringify(
        rows.map((m) => [
          m.receivedAt.toISOString(),
          m.phoneNumber,
          m.sender,
          m.code ?? '',
          m.content,
        ]),
        {
          header: true,
          columns: ['Received', 'Number', 'From', 'Code', 'Message'],
          escape_formulas: true,
        },
      );
    },

    async refresh(userId: string, id: string): Promise<RefreshResult> {
      await ownNumber(userId, id);
      const r = await deps.poller.refresh(userId, id);
      if (r === 'busy') return { polled: false, newMessages: 0, error: null };
      return r.ok
        ? { polled: true, newMessages: r.newMessages, error: null }
        : { polled: true, newMessages: 0, error: r.error };
    },

    /**
     * The owner copied the number: a code is about to be sent to it. It expects one for the
     * window (a later mark never shortens an earlier one) and, healthy and due later, is pulled
     * forward to one expecting interval from now. An inactive number is marked too but is not
     * polled unless made active again within the window (`active` says which).
     */
    async expect(userId: string, id: string): Promise<ExpectResult> {
      const n = await ownNumber(userId, id);
      const t = deps.now().getTime();
      const expectingUntil = new Date(t + deps.expecting.windowMs);
      await deps.expecting.mark([n.id], {
        expectingUntil,
        pullForwardTo: new Date(t + deps.expecting.intervalMs),
      });
      return { expectingUntil: expectingUntil.toISOString(), active: n.isActive };
    },

    /** 'Refresh Messages': polls the user's active numbers now (each coalesced as above). */
    async refreshAll(userId: string): Promise<RefreshAllResult> {
      const active = await numbers.newestActive(userId, REFRESH_ALL_MAX);
      let newMessages = 0;
      const errors: RefreshAllResult['errors'] = [];
      await eachLimited(active, 8, async (n) => {
        const r = await deps.poller.refresh(userId, n.id);
        if (r === 'busy') return;
        if (r.ok) newMessages += r.newMessages;
        else errors.push({ numberId: n.id, phoneNumber: n.phoneNumber, error: r.error });
      });
      return { numbers: active.length, newMessages, errors };
    },

    /** The Test button: read the link once (the on-demand budget), store nothing. */
    async test(userId: string, id: string, locale: Locale): Promise<TestResult> {
      const n = await ownNumber(userId, id);
      const r = await deps.readProvider({ enc: n.apiLinkEnc }, n.phoneNumber);
      return {
        ok: r.ok,
        label: testLabel(r, locale),
        messages: r.ok ? r.messages.length : null,
        status: r.status ?? null,
      };
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
