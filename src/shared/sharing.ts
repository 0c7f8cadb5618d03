import { z } from 'zod';

/*
 * Sharing: public pages (/api/{hash}) and single-number endpoints (/single/{hash}). The owner API
 * (`/v1/pages`, `/v1/single-endpoints`) and the public API (`/v1/public/...`) share these schemas
 * with the client. Public answers never carry a provider link or its host.
 */

export { PUBLIC_MESSAGES_PER_NUMBER, PUBLIC_NUMBERS_LISTED } from './sharing-limits.ts';
/** Lines one single-endpoint paste may hold (one transaction). */
export const MAX_SINGLE_LINES = 1_000;
/** Numbers one public page may hold. */
export const MAX_PAGE_NUMBERS = 10_000;
/** Longest `?wait=` of `/v1/public/single/:hash/latest`, seconds. */
export const MAX_WAIT_SECONDS = 60;
/**
 * Numbers a public page answers with (in page order, each with its messages); `numberCount` says
 * how many the page holds. A page may hold 10,000 numbers: sending each with 10 messages would be
 * megabytes, so the public answer, its live events and the numbers it marks as watched are the
 * first 100.
 */
export const PUBLIC_PAGE_NUMBERS_MAX = 100;
/** Largest page of the owner's lists (`/v1/pages`, `/v1/single-endpoints`). */
export const SHARING_PAGE_MAX = 100;
export const MAX_SHARE_NAME_LENGTH = 120;
export const MAX_REMARK_LENGTH = 60;
export const DEFAULT_REMARK = 'none';

/** 128 random bits, base64url without padding: 22 characters. */
export const HASH_RE = /^[A-Za-z0-9_-]{22}$/;

// Validation messages: keys of the catalogue (validation-message.ts), shown translated.
export const PAGE_NAME_REQUIRED = 'validation.sharing.pageNameRequired';
export const PAGE_NUMBERS_REQUIRED = 'validation.sharing.pageNumbersRequired';
export const ENDPOINT_NAME_REQUIRED = 'validation.sharing.endpointNameRequired';
export const ENDPOINT_NUMBER_REQUIRED = 'validation.sharing.endpointNumberRequired';

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_SHARE_NAME_LENGTH, 'validation.sharing.nameTooLong');

const numberIds = z
  .array(z.uuid('validation.unknownNumber'), { error: PAGE_NUMBERS_REQUIRED })
  .min(1, PAGE_NUMBERS_REQUIRED)
  .max(MAX_PAGE_NUMBERS, 'validation.sharing.pageTooManyNumbers')
  .transform((ids) => [...new Set(ids)]);

const remark = z
  .string()
  .trim()
  .max(MAX_REMARK_LENGTH, 'validation.sharing.remarkTooLong')
  .transform((r) => r || DEFAULT_REMARK);

// ---------------------------------------------------------------------------------------------
// Owner API
// ---------------------------------------------------------------------------------------------

export const createPageBody = z.object({ name: name(PAGE_NAME_REQUIRED), numberIds });
export const updatePageBody = z
  .object({ name: name(PAGE_NAME_REQUIRED), numberIds, isActive: z.boolean() })
  .partial();

export const pageSchema = z.object({
  id: z.uuid(),
  hash: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  views: z.number().int(),
  /** ISO 8601 or null (never opened). */
  lastAccessed: z.string().nullable(),
  createdAt: z.string(),
  numberCount: z.number().int(),
  /** The first numbers (at most PUBLIC_NUMBERS_LISTED), 10 digits each, in page order. */
  firstNumbers: z.array(z.string()),
});
export type Page = z.infer<typeof pageSchema>;
/** One page with every number id it holds, in page order (the edit dialog). */
export const pageDetailSchema = pageSchema.extend({ numberIds: z.array(z.uuid()) });
export type PageDetail = z.infer<typeof pageDetailSchema>;

export const createEndpointBody = z.object({
  numberId: z.uuid({ error: ENDPOINT_NUMBER_REQUIRED }),
  /** Default 'API for {formatted number}'. */
  name: name(ENDPOINT_NAME_REQUIRED).optional(),
  remark: remark.default(DEFAULT_REMARK),
});
export const createEndpointsFromLinesBody = z.object({
  lines: z.string().max(1_000_000, 'validation.sharing.tooMuchText'),
  remark: remark.default(DEFAULT_REMARK),
});
export const updateEndpointBody = z
  .object({ name: name(ENDPOINT_NAME_REQUIRED), remark, isActive: z.boolean() })
  .partial();

const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SHARING_PAGE_MAX).default(50),
});
/** `GET /v1/pages`: newest first. */
export const listPagesQuery = listQuery;
export const pageListResponse = z.object({
  items: z.array(pageSchema),
  nextCursor: z.string().nullable(),
});
export type PageList = z.infer<typeof pageListResponse>;

export const endpointSchema = z.object({
  id: z.uuid(),
  hash: z.string(),
  name: z.string(),
  numberId: z.uuid(),
  /** 10 digits. */
  phoneNumber: z.string(),
  remark: z.string(),
  isActive: z.boolean(),
  views: z.number().int(),
  lastAccessed: z.string().nullable(),
  createdAt: z.string(),
});
export type Endpoint = z.infer<typeof endpointSchema>;

/** `GET /v1/single-endpoints`: newest first, optionally only one remark's endpoints. */
export const listEndpointsQuery = listQuery.extend({
  remark: z.string().trim().max(MAX_REMARK_LENGTH).optional(),
});
export const endpointListResponse = z.object({
  items: z.array(endpointSchema),
  nextCursor: z.string().nullable(),
  /** Every remark among the user's entries (not only this page's) with its count, by remark. */
  remarks: z.array(z.object({ remark: z.string(), count: z.number().int() })),
});
export type EndpointList = z.infer<typeof endpointListResponse>;

/** `POST /v1/single-endpoints/lines`: what was created, the failed lines, and the summary. */
export const createEndpointsResult = z.object({
  created: z.array(endpointSchema),
  /** One per failed line, in the product's words ('5550001234: Number not found in …'). */
  errors: z.array(z.string()),
  /** 'Created N entries with M errors', or 'Created N entries'. */
  message: z.string(),
});
export type CreateEndpointsResult = z.infer<typeof createEndpointsResult>;

export const bulkDeleteEndpointsBody = z.object({
  ids: z
    .array(z.uuid('validation.invalidId'))
    .min(1, 'validation.sharing.selectOneEntry')
    .max(MAX_SINGLE_LINES * 10)
    .transform((ids) => [...new Set(ids)]),
});

// ---------------------------------------------------------------------------------------------
// Public API (no link, no host, no owner)
// ---------------------------------------------------------------------------------------------

export const publicMessageSchema = z.object({
  id: z.uuid(),
  sender: z.string(),
  content: z.string(),
  code: z.string().nullable(),
  receivedAt: z.string(),
});
export type PublicMessage = z.infer<typeof publicMessageSchema>;

export const publicNumberSchema = z.object({
  id: z.uuid(),
  /** 10 digits; the client formats it. */
  phoneNumber: z.string(),
  isActive: z.boolean(),
  /** ISO 8601 or null; days left from the server's clock, rounded up. */
  endDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  /** Newest first, at most PUBLIC_MESSAGES_PER_NUMBER. */
  messages: z.array(publicMessageSchema),
});
export type PublicNumber = z.infer<typeof publicNumberSchema>;

export const publicPageSchema = z.object({
  name: z.string(),
  /** In page order, at most PUBLIC_PAGE_NUMBERS_MAX. */
  numbers: z.array(publicNumberSchema),
  /** How many numbers the page holds (for '+N more'); may exceed `numbers.length`. */
  numberCount: z.number().int(),
});
export type PublicPage = z.infer<typeof publicPageSchema>;
export const publicEndpointSchema = z.object({ name: z.string(), number: publicNumberSchema });
export type PublicEndpoint = z.infer<typeof publicEndpointSchema>;

/**
 * What the server rendered a shared page (/api/{hash}, /single/{hash}) from, written into the page
 * as JSON (`#share-state`) for its island to hydrate with: the answer of the public read (`data`)
 * or its not-found sentence, and the time it was rendered at (relative times: '5m ago').
 */
export type PublicShareState = { renderedAt: number } & (
  | { kind: 'page'; data: PublicPage }
  | { kind: 'single'; data: PublicEndpoint }
  | { kind: 'page' | 'single'; notFound: { code: string; message: string } }
);

/** A live `message` event of a public page's or endpoint's stream: the message and its number. */
export const publicMessageEventSchema = publicMessageSchema.extend({ numberId: z.uuid() });
export type PublicMessageEvent = z.infer<typeof publicMessageEventSchema>;

/** `GET /v1/public/single/:hash/latest`: the newest message with a code, or nulls. */
export const publicLatestSchema = z.object({
  code: z.string().nullable(),
  /** The message's text. */
  message: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type PublicLatest = z.infer<typeof publicLatestSchema>;
export const publicLatestQuery = z.object({
  /** Seconds to wait for a code newer than the request (1–60). */
  wait: z.coerce
    .number({ error: 'validation.wait.wholeSeconds' })
    .int('validation.wait.wholeSeconds')
    .min(1, 'validation.sharing.waitMin')
    .max(MAX_WAIT_SECONDS, 'validation.sharing.waitMax')
    .optional(),
});

/** `POST /v1/public/pages/:hash/expect`: the page's number that was copied. */
export const expectPageBody = z.object({ numberId: z.uuid('validation.sharing.numberNotFound') });
