/**
 * What search may read of a provider link, kept in clear (`voip_numbers.api_host_path`; the link
 * itself is stored encrypted): its host and path, lower-cased, without the credentials, query
 * string or fragment, and with each path segment that looks like a secret (an API key or token
 * some providers put in the path) replaced by `*`. A segment looks like a secret when it is longer
 * than 32 characters, or has 12 or more and mixes letters and digits, or has 16 or more and mixes
 * upper- and lower-case letters. Phone numbers, ids and words stay searchable: the link
 * `https://user:pw@Sms.example.com/v2/8f3a9c0d21b7e4/5550002004?key=K` is kept as
 * `sms.example.com/v2/` + `*` + `/5550002004`.
 */
export function linkSearchText(link: string): string {
  const url = new URL(link);
  const path = url.pathname
    .split('/')
    .map((segment) => (looksSecret(decode(segment)) ? '*' : decode(segment)))
    .join('/');
  return `${url.host}${path === '/' ? '' : path}`.toLowerCase();
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function looksSecret(s: string) {
  if (s.length > 32) return true;
  const letters = /\p{L}/u.test(s);
  if (s.length >= 12 && letters && /\d/.test(s)) return true;
  return s.length >= 16 && /\p{Lu}/u.test(s) && /\p{Ll}/u.test(s);
}
