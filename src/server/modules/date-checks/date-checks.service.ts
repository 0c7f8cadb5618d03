import {
  checkLines,
  dateStatus,
  daysLeft,
  type DateCheckInput,
  type DateCheckResult,
  MAX_DATE_CHECK_LINES,
  PUBLIC_DATE_CHECK_MAX_LINES,
} from '../../../shared/checks.ts';
import { parseBulkLine } from '../../../shared/bulk-lines.ts';
import { messageText, withValues } from '../../../shared/validation-message.ts';
import { isValidPhone, normalizePhone } from '../../../shared/phone.ts';
import { eachLimited } from '../../concurrency.ts';
import {
  dateCheckError,
  type LinkSource,
  type ReadProvider,
} from '../../providers/read-provider.ts';
import type { NumberRow, NumbersRepository } from '../numbers/numbers.repository.ts';
import { numberErrors } from '../numbers/numbers.errors.ts';
import { dateCheckErrors } from './date-checks.errors.ts';

/** Date checks run at most this many provider requests at once per request. */
export const DATE_CHECK_CONCURRENCY = 4;

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
    throw dateCheckErrors.tooManyLines(max);
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

/**
 * A validated check, ready to run: results go to `emit` as they complete; aborting `signal` (the
 * client went away) starts no further provider request and cancels those in flight.
 */
export type Run = (emit: (r: DateCheckResult) => void, signal: AbortSignal) => Promise<void>;

export function dateChecksService(deps: {
  numbers: NumbersRepository;
  /** The on-demand reader: its own connection budget, apart from the poller's. */
  readProvider: ReadProvider;
  now: () => Date;
}) {
  const { numbers, now } = deps;

  /** Read a link's end date; errors in the product's words. */
  async function check(
    link: LinkSource,
    phoneNumber: string,
    publicCheck: boolean,
    signal: AbortSignal,
  ): Promise<{ endDate: Date | null; error: string | null }> {
    const r = await deps.readProvider(link, phoneNumber, signal);
    if (!r.ok) return { endDate: null, error: dateCheckError(r) };
    if (!r.endDate)
      return {
        endDate: null,
        error: messageText(
          publicCheck ? 'server.dateChecks.noEndtime' : 'server.dateChecks.noExpiry',
        ),
      };
    return { endDate: r.endDate, error: null };
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
    /**
     * Date checks of the user's numbers (by id, or by pasted lines matched to the collection).
     * Validates first (throws 4xx), then returns the run; found dates are saved on the number.
     */
    async dateCheck(userId: string, body: DateCheckInput): Promise<Run> {
      type Item = { index: number; phoneNumber: string; row?: NumberRow; error?: string };
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
        if (!phones.some(Boolean)) throw dateCheckErrors.noValidLines();
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
              error: withValues('validation.lines.phone', { line: index + 1 }),
            });
          else if (!byPhone.has(phone))
            items.push({
              index,
              phoneNumber: phone,
              error: messageText('server.dateChecks.notInCollection'),
            });
          else items.push({ index, phoneNumber: phone, row: byPhone.get(phone) });
        });
      }
      return (emit, signal) =>
        eachLimited(
          items,
          DATE_CHECK_CONCURRENCY,
          async (it) => {
            if (!it.row) {
              emit(
                result(it.index, it.phoneNumber, null, {
                  endDate: null,
                  error: it.error ?? messageText('server.dateChecks.unknown'),
                }),
              );
              return;
            }
            const r = await check({ enc: it.row.apiLinkEnc }, it.phoneNumber, false, signal);
            if (signal.aborted) return;
            await numbers.saveEndDate(userId, it.row.id, r.endDate, now());
            emit(result(it.index, it.phoneNumber, it.row.id, r));
          },
          signal,
        );
    },

    /** The public checker: links come with the request and are never stored or logged. */
    publicDateCheck(text: string): Run {
      const lines = linesOf(text, PUBLIC_DATE_CHECK_MAX_LINES);
      const parsed = lines.map((l, i) => parseBulkLine(l, i + 1, false));
      if (!parsed.some((p) => p.ok)) throw dateCheckErrors.noValidLines();
      return (emit, signal) =>
        eachLimited(
          parsed.map((p, index) => ({ p, index })),
          DATE_CHECK_CONCURRENCY,
          async ({ p, index }) => {
            if (!p.ok) {
              emit(
                result(index, lineLabel(lines[index]!), null, { endDate: null, error: p.message }),
              );
              return;
            }
            const r = await check({ url: p.value.link }, p.value.phone, true, signal);
            if (!signal.aborted) emit(result(index, p.value.phone, null, r));
          },
          signal,
        );
    },
  };
}
export type DateChecksService = ReturnType<typeof dateChecksService>;
