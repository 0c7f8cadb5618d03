/**
 * Every error code the API answers, with its HTTP status and its one meaning. The server builds
 * errors only from these (`AppError` in server/errors.ts takes an `ErrorCode`), routes list the
 * codes they answer (`errorResponses` in server/error-responses.ts, shown in /v1/openapi.json),
 * and the client compares codes typed as `ErrorCode`, so a renamed code fails to compile.
 */
export const ERRORS = {
  // The request itself
  VALIDATION_ERROR: {
    status: 400,
    description:
      'A field of the body, query string or headers fails validation; `fields` names each one.',
  },
  INVALID_BODY: { status: 400, description: 'The request body is missing or its length invalid.' },
  INVALID_JSON: { status: 400, description: 'The request body is not valid JSON.' },
  INVALID_TEXT: {
    status: 400,
    description: 'A string in the body, query or path holds NUL or invalid Unicode.',
  },
  INVALID_CURSOR: { status: 400, description: 'The paging cursor is not one the API handed out.' },
  BAD_URL: { status: 400, description: 'The address is not valid percent-encoding.' },
  BAD_REQUEST: {
    status: 400,
    description:
      'The request was refused before its route for another reason (a body in a Content-Encoding not read).',
  },
  BODY_TOO_LARGE: { status: 413, description: "The body exceeds the route's size limit." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The body is not application/json.' },
  NOT_FOUND: {
    status: 404,
    description: 'Nothing at this address: no such route, or a path id that is malformed.',
  },
  RATE_LIMITED: {
    status: 429,
    description: 'Too many requests to this route from your address or account; `Retry-After`.',
  },

  // Who is asking
  UNAUTHORIZED: { status: 401, description: 'Not signed in (no session, or it ended).' },
  FORBIDDEN: { status: 403, description: 'Signed in without the admin rights this needs.' },
  API_KEY_INVALID: {
    status: 401,
    description:
      'The `Authorization` header is not `Bearer <API key>`, or the key is unknown, revoked or expired.',
  },
  API_KEY_NOT_ALLOWED: {
    status: 403,
    description:
      'This route does not take API keys (sign-in, account, API keys, admin): use a signed-in session.',
  },
  INSUFFICIENT_SCOPE: {
    status: 403,
    description: "The API key's scopes do not include the one this route needs (`x-scope`).",
  },
  CROSS_ORIGIN_REFUSED: {
    status: 403,
    description: 'A state-changing request a browser marked as sent from another site.',
  },

  // Sign-in
  CODE_INVALID: {
    status: 400,
    description: 'Wrong sign-in code, or none active; `remainingAttempts` when one is.',
  },
  CODE_EXPIRED: { status: 400, description: 'The sign-in code has expired.' },
  CODE_LOCKED: { status: 400, description: 'Too many wrong tries: the sign-in code is burned.' },
  RESEND_TOO_SOON: { status: 429, description: 'A code was just sent to this email; wait.' },
  TOO_MANY_CODES: { status: 429, description: 'Too many codes requested for this email.' },
  TOO_MANY_SIGN_INS: { status: 429, description: 'Too many sign-in attempts from your address.' },
  SEND_FAILED: { status: 502, description: 'The sign-in email could not be sent.' },

  // The account
  EMAIL_MISMATCH: {
    status: 400,
    description: "The email typed to delete the account is not the account's.",
  },
  SESSION_NOT_FOUND: { status: 404, description: 'No live session of yours with this id.' },
  API_KEY_NOT_FOUND: { status: 404, description: 'No API key of yours with this id.' },
  API_KEY_LIMIT_REACHED: {
    status: 409,
    description: 'You hold the most API keys allowed (MAX_API_KEYS_PER_USER): revoke one first.',
  },

  // Numbers and tags
  NUMBER_NOT_FOUND: { status: 404, description: 'No number of yours with this id.' },
  TAG_NOT_FOUND: { status: 404, description: 'No tag of yours with this id.' },
  TAG_NAME_TAKEN: {
    status: 409,
    description: 'Another of your tags has this name (in any case): merge into it instead.',
  },
  NUMBER_ALREADY_EXISTS: { status: 409, description: 'You already have this phone number.' },
  NUMBER_LIMIT_REACHED: {
    status: 409,
    description: 'The numbers would pass the per-user limit (setting max_numbers_per_user).',
  },
  NOTHING_TO_IMPORT: { status: 400, description: 'The import holds no number.' },
  INVALID_IMPORT_FORMAT: { status: 400, description: 'The import is not in a format we read.' },
  IMPORT_TOO_LARGE: { status: 400, description: 'The import has more lines than allowed.' },
  TOO_MANY_LINES: {
    status: 400,
    description: 'More pasted lines (numbers to check or share) than allowed.',
  },
  NO_VALID_LINES: { status: 400, description: 'None of the pasted lines is a phone number.' },

  // Sharing
  PAGE_NOT_FOUND: {
    status: 404,
    description: 'No shared page with this id among yours, or none active with this hash.',
  },
  ENDPOINT_NOT_FOUND: {
    status: 404,
    description: 'No single endpoint with this id among yours, or none active with this hash.',
  },
  SINGLE_LINES_REQUIRED: { status: 400, description: 'No line given to create endpoints from.' },
  TOO_MANY_OPEN: {
    status: 429,
    description: 'Too many streams or waiting requests open from your address or account.',
  },

  // Webhooks
  WEBHOOK_NOT_FOUND: { status: 404, description: 'No webhook of yours with this id.' },
  DELIVERY_NOT_FOUND: { status: 404, description: 'No delivery of this webhook with this id.' },
  WEBHOOK_LIMIT_REACHED: {
    status: 409,
    description: 'You hold the most webhooks allowed (MAX_WEBHOOKS_PER_USER): delete one first.',
  },

  // Notification channels
  CHANNEL_NOT_FOUND: { status: 404, description: 'No notification channel of yours with this id.' },
  CHANNEL_LIMIT_REACHED: {
    status: 409,
    description:
      'You hold the most notification channels allowed (MAX_CHANNELS_PER_USER): delete one first.',
  },
  TELEGRAM_TOKEN_REFUSED: {
    status: 400,
    description: "Telegram's Bot API did not accept the bot token (getMe failed); `fields.token`.",
  },
  TELEGRAM_TOKEN_FROM_ENV: {
    status: 409,
    description: 'The bot token comes from TELEGRAM_BOT_TOKEN: change it there.',
  },
  CHANNEL_UNAVAILABLE: {
    status: 409,
    description: 'This site has not set up this kind of channel (Telegram: no bot token).',
  },

  // Blog, newsletter, contact
  BLOG_DISABLED: {
    status: 404,
    description: 'The blog (and its newsletter box) is switched off (setting blog_enabled).',
  },
  POST_NOT_FOUND: { status: 404, description: 'No post with this id or slug (or not published).' },
  SLUG_TAKEN: { status: 409, description: 'Another post has this slug; `fields.slug`.' },
  CONTENT_TOO_COMPLEX: {
    status: 400,
    description: 'The post Markdown took too long to render; `fields.content`.',
  },
  TOO_MANY_MESSAGES: {
    status: 429,
    description: 'Too many contact messages from your address this hour.',
  },

  // Administration
  ADMIN_NOT_FOUND: { status: 404, description: 'No administrator with this id or email.' },
  ADMIN_ALREADY_EXISTS: { status: 409, description: 'An administrator has this email already.' },
  ADMIN_FROM_CONFIG: {
    status: 409,
    description: "The email is in the server's ADMIN_EMAILS: it cannot be revoked here.",
  },
  LAST_SUPER_ADMIN: {
    status: 409,
    description: 'The change would leave no active super admin.',
  },
  OWN_ADMIN_RIGHTS: {
    status: 403,
    description: 'An administrator cannot change or delete their own administrator record.',
  },
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, description: 'No contact message with this id.' },
  UNKNOWN_SETTING: { status: 404, description: 'No site setting with this key.' },

  // The server
  INTERNAL: { status: 500, description: 'A fault on our side.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    description: 'The database is not answering; `Retry-After`.',
  },
  SHUTTING_DOWN: {
    status: 503,
    description: 'The server is restarting and ended the wait; retry at once (`Retry-After`).',
  },
  MAINTENANCE: {
    status: 503,
    description: 'The site is in maintenance: writes are refused for non-admins; `Retry-After`.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The codes answered with HTTP status `S`. */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERRORS)[C]['status'] extends S ? C : never;
}[ErrorCode];
