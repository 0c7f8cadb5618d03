import { describe, expect, it } from 'vitest';
import { linkSearchText } from './link-search.ts';

describe('linkSearchText (what search may read of a link)', () => {
  it.each([
    ['http://localhost:3000/demo-provider/5550002004', 'localhost:3000/demo-provider/5550002004'],
    [
      'http://127.0.0.1:3000/demo-provider/5550002004?format=json',
      '127.0.0.1:3000/demo-provider/5550002004',
    ],
    // host lower-cased, credentials, query string and fragment left out
    [
      'https://user:pa55@Sms.Example.com/API/Messages?token=abc#top',
      'sms.example.com/api/messages',
    ],
    ['https://provider.example.org', 'provider.example.org'],
    ['https://provider.example.org/', 'provider.example.org'],
    [
      'https://p.example.com/stubs/handler_api.php?api_key=K&id=77',
      'p.example.com/stubs/handler_api.php',
    ],
    // phone numbers, ids and words stay; percent-encoding is decoded
    [
      'https://p.example.com/get-sms/+15550001234/12345',
      'p.example.com/get-sms/+15550001234/12345',
    ],
    ['https://p.example.com/a%20b/%E2%9C%93', 'p.example.com/a b/✓'],
    ['https://p.example.com/bad%ZZescape', 'p.example.com/bad%zzescape'],
  ])('%s → %s', (link, expected) => {
    expect(linkSearchText(link)).toBe(expected);
  });

  it('leaves out path segments that look like secrets', () => {
    // 12+ characters mixing letters and digits (a key or token)
    expect(linkSearchText('https://p.example.com/v2/8f3a9c0d21b7e4/5550002004')).toBe(
      'p.example.com/v2/*/5550002004',
    );
    // 16+ characters mixing upper and lower case
    expect(linkSearchText('https://p.example.com/k/AbcdefGhijklMnop/sms')).toBe(
      'p.example.com/k/*/sms',
    );
    // anything over 32 characters, even digits or words
    expect(linkSearchText(`https://p.example.com/${'1'.repeat(33)}/x`)).toBe('p.example.com/*/x');
    expect(linkSearchText(`https://p.example.com/${'a'.repeat(33)}`)).toBe('p.example.com/*');
    // shorter ones, one-case words and digits stay
    expect(linkSearchText('https://p.example.com/abc123def45/get-messages-for-number')).toBe(
      'p.example.com/abc123def45/get-messages-for-number',
    );
    expect(linkSearchText(`https://p.example.com/${'7'.repeat(32)}`)).toBe(
      `p.example.com/${'7'.repeat(32)}`,
    );
  });
});
