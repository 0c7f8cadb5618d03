import { z } from 'zod';
import { isValidPhone, normalizePhone } from './phone.ts';

export const MAX_TAGS_PER_NUMBER = 5;
export const MAX_API_LINK_LENGTH = 2048;
export const MAX_NOTES_LENGTH = 2000;
export const MAX_TAG_NAME_LENGTH = 40;
export const MAX_IMPORT_LINES = 10_000;
export const NUMBERS_PAGE_MAX = 100;
/**
 * A text search counts its matches up to this many: past it the answer says "at least" (1,000+),
 * so a query matching most of a large collection does not count every row on each keystroke.
 */
export const SEARCH_TOTAL_CAP = 1_000;

export const PHONE_ERROR = 'validation.numbers.phone';
export const LINK_ERROR = 'validation.numbers.apiLink';

/** A provider link: http(s) only, parseable, at most 2,048 characters. */
export function isValidApiLink(link: string): boolean {
  if (link.length > MAX_API_LINK_LENGTH || !/^https?:\/\//i.test(link)) return false;
  try {
    const u = new URL(link);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

export const phoneNumberField = z
  .string({ error: PHONE_ERROR })
  .transform(normalizePhone)
  .refine(isValidPhone, PHONE_ERROR);

export const apiLinkField = z
  .string({ error: LINK_ERROR })
  .trim()
  .refine(isValidApiLink, LINK_ERROR);

const TOO_MANY_TAGS = 'validation.numbers.tooManyTags';

export const tagIdsField = z
  .array(z.uuid('validation.numbers.unknownTag'), { error: 'validation.numbers.tagList' })
  .max(MAX_TAGS_PER_NUMBER, TOO_MANY_TAGS)
  .transform((ids) => [...new Set(ids)]);

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A tag's name: trimmed, 1 to MAX_TAG_NAME_LENGTH characters. */
export const tagNameField = z
  .string({ error: 'validation.tags.nameRequired' })
  .trim()
  .min(1, 'validation.tags.nameRequired')
  .max(MAX_TAG_NAME_LENGTH, 'validation.tags.nameTooLong');

/**
 * New tags by name, beside `tagIds`: each is the user's tag of that name (any case) or, if none,
 * created in the same transaction as the number write, so a save that fails leaves no tag behind.
 */
export const tagNamesField = z
  .array(tagNameField, { error: 'validation.numbers.tagList' })
  .max(MAX_TAGS_PER_NUMBER, TOO_MANY_TAGS)
  .transform((names) => names.filter((n, i) => names.findIndex((m) => sameName(m, n)) === i));

/** `tagIds` and `tagNames` together name at most MAX_TAGS_PER_NUMBER tags (reported on `tagIds`). */
const withinTagLimit = (b: { tagIds?: string[] | undefined; tagNames?: string[] | undefined }) =>
  (b.tagIds?.length ?? 0) + (b.tagNames?.length ?? 0) <= MAX_TAGS_PER_NUMBER;
const tagLimitIssue = { message: TOO_MANY_TAGS, path: ['tagIds'] };

export const notesField = z.string().max(MAX_NOTES_LENGTH, 'validation.numbers.notesTooLong');

export const createNumberBody = z
  .object({
    phoneNumber: phoneNumberField,
    apiLink: apiLinkField,
    notes: notesField.default(''),
    isActive: z.boolean().default(true),
    isFavorite: z.boolean().default(false),
    tagIds: tagIdsField.default([]),
    tagNames: tagNamesField.default([]),
  })
  .refine(withinTagLimit, tagLimitIssue);
export type CreateNumberInput = z.input<typeof createNumberBody>;

export const updateNumberBody = z
  .object({
    phoneNumber: phoneNumberField,
    apiLink: apiLinkField,
    notes: notesField,
    isActive: z.boolean(),
    isFavorite: z.boolean(),
    tagIds: tagIdsField,
    /** With or without `tagIds`: either one given replaces the tag set by both together. */
    tagNames: tagNamesField,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'validation.nothingToUpdate')
  .refine(withinTagLimit, tagLimitIssue);
export type UpdateNumberInput = z.input<typeof updateNumberBody>;

export const tagDto = z.object({ id: z.uuid(), name: z.string() });
export type Tag = z.infer<typeof tagDto>;

/** `GET /v1/tags`: each tag with how many of the user's numbers carry it. */
export const tagListItemDto = tagDto.extend({ numberCount: z.number().int() });
export type TagListItem = z.infer<typeof tagListItemDto>;

/** A stored message as shown on a number card. */
export const recentMessageDto = z.object({
  id: z.uuid(),
  sender: z.string(),
  content: z.string(),
  code: z.string().nullable(),
  receivedAt: z.string(),
});
export type RecentMessage = z.infer<typeof recentMessageDto>;
export const CARD_RECENT_MESSAGES = 3;
/** Messages kept per number; older ones are dropped when new ones arrive. */
export const MESSAGES_KEPT_PER_NUMBER = 100;

export const numberDto = z.object({
  id: z.uuid(),
  phoneNumber: z.string(),
  apiLink: z.string(),
  apiHost: z.string(),
  isActive: z.boolean(),
  isFavorite: z.boolean(),
  notes: z.string(),
  lastUsed: z.string().nullable(),
  endDate: z.string().nullable(),
  dateLastChecked: z.string().nullable(),
  createdAt: z.string(),
  tags: z.array(tagDto),
  /** The last poll's error (null after a successful poll). */
  lastError: z.string().nullable(),
  lastPolledAt: z.string().nullable(),
  /** Its link has not answered successfully for the site's dead-link hours (owner told once). */
  linkMayBeDead: z.boolean(),
  /** Stored messages of this number, and the newest few of them. */
  messageCount: z.number().int(),
  recentMessages: z.array(recentMessageDto),
});
export type VoipNumber = z.infer<typeof numberDto>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const listNumbersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      "Part of the phone digits, a tag name or the link's host; with a '/', the link's host and path",
    ),
  active: boolParam.optional(),
  favorite: boolParam.optional(),
  /** Only active numbers whose last poll failed (Recent Messages' warnings); `true` or absent. */
  failing: z
    .literal('true', 'validation.numbers.failing')
    .transform(() => true)
    .optional(),
  tag: z.uuid('validation.numbers.unknownTag').optional(),
  /** The number with these 10 digits (formatting such as `+1 (555) 010-0000` is accepted). */
  phone: phoneNumberField.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NUMBERS_PAGE_MAX).default(50),
});

/** `GET /v1/numbers/expiring`: active numbers ending within `days` (or ended within a day). */
export const EXPIRING_SOON_DAYS = 14;
export const MAX_EXPIRING_SOON_DAYS = 60;
export const EXPIRING_MAX = 200;
export const expiringNumbersQuery = z.object({
  days: z.coerce
    .number({ error: 'validation.days.wholeNumber' })
    .int('validation.days.wholeNumber')
    .min(1, 'validation.days.atLeastOne')
    .max(MAX_EXPIRING_SOON_DAYS, 'validation.numbers.expiringDaysMax')
    .default(EXPIRING_SOON_DAYS),
});
export const expiringNumbersResponse = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      phoneNumber: z.string(),
      endDate: z.iso.datetime(),
      /** Whole days left, rounded up (0: it ended within the last day). */
      daysLeft: z.number().int(),
    }),
  ),
});
export type ExpiringNumber = z.infer<typeof expiringNumbersResponse>['items'][number];

/** `GET /v1/numbers/matching`: every number a search matches, up to `max` (a picker's 'Select all'). */
export const MATCHING_MAX = SEARCH_TOTAL_CAP;
export const matchingNumbersQuery = listNumbersQuery
  .omit({ cursor: true, limit: true })
  .extend({ max: z.coerce.number().int().min(1).max(MATCHING_MAX).default(MATCHING_MAX) });
export const matchingNumbersResponse = z.object({
  /** Newest first, at most `max`. */
  items: z.array(z.object({ id: z.uuid(), phoneNumber: z.string() })),
  /** More numbers match than `max`: none of them was left out silently. */
  more: z.boolean(),
});
export type MatchingNumbers = z.infer<typeof matchingNumbersResponse>;

export const numberListResponse = z.object({
  items: z.array(numberDto),
  /** Matches for the filters; counted on the first page only (null when a cursor is given). */
  total: z.number().int().nullable(),
  /** True when a search matched more numbers than `total` (SEARCH_TOTAL_CAP): show "1,000+". */
  totalCapped: z.boolean(),
  /** All the user's numbers, whatever the filters; on the first page only (else null). */
  collectionTotal: z.number().int().nullable(),
  nextCursor: z.string().nullable(),
});
export type NumberList = z.infer<typeof numberListResponse>;

/** A path's id (a malformed one is answered 404 NOT_FOUND, plugins/errors.ts). */
export const idParams = z.object({ id: z.uuid() });

export const bulkDeleteBody = z.object({
  ids: z.array(z.uuid('validation.invalidId')).min(1, 'validation.selectOneNumber').max(10_000),
});

export const createTagBody = z.object({ name: tagNameField });

/** `PATCH /v1/tags/:id`: a new name (another case of the same name is fine). */
export const renameTagBody = z.object({ name: tagNameField });

/** `POST /v1/tags/:id/merge`: the tag that takes over the numbers of `:id`. */
export const mergeTagBody = z.object({
  intoId: z.uuid({ error: 'validation.tags.mergeInto' }),
});

/**
 * What the text is read as: 'bulk' (the Add Number page: the settings JSON or lines in any of the
 * six bulk formats) or 'settings' (the settings page: the JSON export or `number|API link` lines).
 */
export const importFormat = z.enum(['bulk', 'settings'], {
  error: 'validation.numbers.importFormat',
});
export type ImportFormat = z.infer<typeof importFormat>;

export const importBody = z
  .object({
    text: z
      .string({ error: 'validation.numbers.nothingToImport' })
      .max(5 * 1024 * 1024, 'validation.numbers.importTooLarge'),
    format: importFormat.default('bulk'),
    /** Tags applied to every imported number, overriding tags named on the lines. */
    tagIds: tagIdsField.optional(),
    /** More such tags by name, created when missing (see `tagNamesField`). */
    tagNames: tagNamesField.optional(),
  })
  .refine(withinTagLimit, tagLimitIssue);

export const importResult = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  /**
   * How the text was read, i.e. what an error's `line` counts: 'lines' — lines of the text
   * (1-based, blank lines included, split at \n or \r\n); 'json' — entries of the JSON array (1-based).
   */
  input: z.enum(['lines', 'json']),
  /**
   * Every line or entry not stored, in order. `duplicate`: its number was already in the collection
   * (or earlier in the same import), so it needs no fixing; the others failed and are worth resubmitting.
   */
  errors: z.array(
    z.object({ line: z.number().int(), message: z.string(), duplicate: z.boolean() }),
  ),
  /**
   * Tag names on bulk lines that match none of the user's tags (each once): those numbers were
   * imported without them (bulk lines never create tags).
   */
  unknownTags: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResult>;

/** One entry of voip_numbers.json (the export format, accepted back by import). */
export const exportEntry = z.object({
  phoneNumber: z.string(),
  apiLink: z.string(),
  isActive: z.boolean().optional(),
  isFavorite: z.boolean().optional(),
  notes: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
