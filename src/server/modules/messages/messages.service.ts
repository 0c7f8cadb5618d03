import { stringify } from 'csv-stringify/sync';
import {
  checkLines,
  dateStatus,
  daysLeft,
  NO_ENDTIME_FOUND,
  NO_EXPIRY_FOUND,
  NO_VALID_LINES,
  NOT_IN_COLLECTION,
  type DateCheckInput,
  type DateCheckResult,
  MAX_DATE_CHECK_LINES,
  PUBLIC_DATE_CHECK_MAX_LINES,
  REFRESH_ALL_MAX,
  type RefreshAllResult,
  type RefreshResult,
  type TestResult,
} from '../../../shared/checks.ts';
import { parseBulkLine } from '../../../shared/bulk-lines.ts';
import type { Message } from '../../../shared/messages.ts';
import { isValidPhone, normalizePhone } from '../../../shared/phone.ts';
import type { Cipher } from '../../crypto.ts';
import { decodeCursor, encodeCursor } from '../../db/paging.ts';
import { AppError } from '../../errors.ts';
import { parseProviderPayload } from '../../providers/payload.ts';
import type { NumbersRepository } from '../numbers/numbers.repository.ts';
import { numberErrors } from '../numbers/numbers.errors.ts';
import type { MessageFilters, MessagesRepository } from './messages.repository.ts';
import { toMessageDto, type FetchLink, type Poller } from './poller.ts';

/** Date checks run at most this many provider requests at once per request. */
export const DATE_CHECK_CONCURRENCY = 4;
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

/** Runs `work` over `items` with at most `limit` at once, in order of start. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/** What a bad line shows as its number: its non-link part, so no link (credentials) echoes back. */
const lineLabel = (line: string) =>
  line
    .split(/----|\||\t|\s+/)
    .filter((t) => t && !/^[a-z][a-z0-9+.-]*:/i.test(t))
    .join(' ')
    .slice(0, 20);

/** The lines of a pasted check, at most `max` of them (else 400, before any provider is asked). */
function linesOf(text: string, max: number) {
  const lines = checkLines(text);
  if (lines.length > max) {
    throw new AppError(400, 'TOO_MANY_LINES', `Check at most ${max} numbers at a time.`);
  }
  return lines;
}

/** A date-check line: the 10-digit phone in it (any separator, link optional). */
function phoneOfLine(line: string): string | undefined {
  const parsed = parseBulkLine(line, 0);
  if (parsed.ok) return parsed.value.phone;
  const tokens = line.split(/----|\||\t|\s+/).filter((t) => t && !/^https?:/i.test(t));
  const phone = normalizePhone(tokens.join(''));
  return isValidPhone(phone) ? phone : undefined;
}

/** A validated check, ready to run; results go to `emit` as they complete. */
export type Run = (emit: (r: DateCheckResult) => void) => Promise<void>;

export function messagesService(deps: {
  repo: MessagesRepository;
  numbers: NumbersRepository;
  cipher: Cipher;
  poller: Poller;
  fetchLink: FetchLink;
  now: () => Date;
}) {
  const { repo, numbers, now } = deps;

  async function ownNumber(userId: string, id: string) {
    const n = await numbers.get(userId, id);
    if (!n) throw numberErrors.notFound();
    return n;
  }

  /** Fetch a link and read its end date; errors in the spec's words. */
  async function checkLink(url: string, phoneNumber: string, publicCheck: boolean) {
    const out = await deps.fetchLink(url);
    if (!out.ok) {
      return out.status
        ? { endDate: null, error: `API request failed (${out.status})` }
        : { endDate: null, error: `Error: ${out.error}` };
    }
    const parsed = parseProviderPayload(out.body, {
      phoneNumber,
      now: now(),
    });
    if (!parsed.ok) return { endDate: null, error: `Error: ${parsed.error}` };
    if (!parsed.endDate)
      return { endDate: null, error: publicCheck ? NO_ENDTIME_FOUND : NO_EXPIRY_FOUND };
    return { endDate: parsed.endDate, error: null };
  }

  function result(
    index: number,
    phoneNumber: string,
    numberId: string | null,
    r: { endDate: Date | null; error: string | null },
  ): DateCheckResult {
    if (!r.endDate) {
      return {
        index,
        phoneNumber,
        numberId,
        endDate: null,
        status: 'error',
        daysLeft: null,
        error: r.error,
      };
    }
    const days = daysLeft(r.endDate, now());
    return {
      index,
      phoneNumber,
      numberId,
      endDate: r.endDate.toISOString(),
      status: dateStatus(days),
      daysLeft: days,
      error: null,
    };
  }

  return {
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

    /** The Test button: fetch and parse once, store nothing. */
    async test(userId: string, id: string): Promise<TestResult> {
      const n = await ownNumber(userId, id);
      const out = await deps.fetchLink(deps.cipher.decrypt(n.apiLinkEnc));
      if (!out.ok) {
        return out.status
          ? { ok: false, label: `✗ Failed (${out.status})`, messages: null, status: out.status }
          : { ok: false, label: `✗ Error: ${out.error}`, messages: null, status: null };
      }
      const parsed = parseProviderPayload(out.body, {
        phoneNumber: n.phoneNumber,
        now: now(),
      });
      if (!parsed.ok)
        return { ok: false, label: `✗ Error: ${parsed.error}`, messages: null, status: out.status };
      const count = parsed.messages.length;
      return {
        ok: true,
        label: `✓ Success (${count} messages)`,
        messages: count,
        status: out.status,
      };
    },

    /**
     * Date checks of the user's numbers (by id, or by pasted lines matched to the collection).
     * Validates first (throws 4xx), then returns the run: results are handed to `emit` as they
     * complete, and found dates are saved on the number.
     */
    async dateCheck(userId: string, body: DateCheckInput): Promise<Run> {
      type Item = {
        index: number;
        phoneNumber: string;
        row?: Awaited<ReturnType<typeof numbers.get>>;
        error?: string;
      };
      const items: Item[] = [];
      if ('numberIds' in body) {
        // One query for all; a foreign or unknown id among them is a 404 for the request.
        const byId = new Map((await numbers.getMany(userId, body.numberIds)).map((r) => [r.id, r]));
        const rows = body.numberIds.map((id) => byId.get(id));
        if (rows.some((r) => !r)) throw numberErrors.notFound();
        rows.forEach((row, index) => items.push({ index, phoneNumber: row!.phoneNumber, row }));
      } else {
        const lines = linesOf(body.lines, MAX_DATE_CHECK_LINES);
        const phones = lines.map(phoneOfLine);
        if (!phones.some(Boolean)) throw new AppError(400, 'NO_VALID_LINES', NO_VALID_LINES);
        const wanted = [...new Set(phones.filter((p): p is string => !!p))];
        const byPhone = new Map(
          (await numbers.byPhones(userId, wanted)).map((r) => [r.phoneNumber, r]),
        );
        lines.forEach((line, index) => {
          const phone = phones[index];
          if (!phone)
            items.push({
              index,
              phoneNumber: lineLabel(line),
              error: `Line ${index + 1}: Invalid phone number. Must be exactly 10 digits.`,
            });
          else if (!byPhone.has(phone))
            items.push({ index, phoneNumber: phone, error: NOT_IN_COLLECTION });
          else items.push({ index, phoneNumber: phone, row: byPhone.get(phone) });
        });
      }
      return (emit) =>
        eachLimited(items, DATE_CHECK_CONCURRENCY, async (it) => {
          if (!it.row) {
            emit(
              result(it.index, it.phoneNumber, null, {
                endDate: null,
                error: it.error ?? 'Unknown error',
              }),
            );
            return;
          }
          const r = await checkLink(deps.cipher.decrypt(it.row.apiLinkEnc), it.phoneNumber, false);
          await repo.saveEndDate(userId, it.row.id, r.endDate, now());
          emit(result(it.index, it.phoneNumber, it.row.id, r));
        });
    },

    /** The public checker: links come with the request and are never stored or logged. */
    publicDateCheck(text: string): Run {
      const lines = linesOf(text, PUBLIC_DATE_CHECK_MAX_LINES);
      const parsed = lines.map((l, i) => parseBulkLine(l, i + 1));
      if (!parsed.some((p) => p.ok)) throw new AppError(400, 'NO_VALID_LINES', NO_VALID_LINES);
      return (emit) =>
        eachLimited(
          parsed.map((p, index) => ({ p, index })),
          DATE_CHECK_CONCURRENCY,
          async ({ p, index }) => {
            if (!p.ok) {
              emit(
                result(index, lineLabel(lines[index]!), null, {
                  endDate: null,
                  error: p.message,
                }),
              );
              return;
            }
            emit(
              result(
                index,
                p.value.phone,
                null,
                await checkLink(p.value.link, p.value.phone, true),
              ),
            );
          },
        );
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
