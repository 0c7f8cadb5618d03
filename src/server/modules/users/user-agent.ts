import type { Locale } from '../../../shared/i18n/locales.ts';
import { translate } from '../../i18n.ts';

/** Browsers by their user-agent token, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrom(?:e|ium)\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const match = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1];

/**
 * A readable device name from a user agent, in `locale`: 'Chrome on Windows', 'Safari on iOS',
 * 'Unknown device' (browsers' and systems' names are their own).
 */
export function deviceLabel(userAgent: string | null | undefined, locale: Locale): string {
  const ua = userAgent ?? '';
  const browser = match(ua, BROWSERS);
  const os = match(ua, SYSTEMS);
  if (browser && os) return translate(locale, 'server.device.browserOn', { browser, os });
  if (browser) return browser;
  if (os) return translate(locale, 'server.device.someBrowserOn', { os });
  return translate(locale, 'server.device.unknown');
}
