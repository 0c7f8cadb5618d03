const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** A post's date in the long US format: 'November 24, 2026'. */
export const formatPostDate = (iso: string) => longDate.format(new Date(iso));
