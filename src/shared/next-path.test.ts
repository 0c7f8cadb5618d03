import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_PATH, safeNextPath, withNext } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps app paths with their query and hash', () => {
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/dashboard/settings')).toBe('/dashboard/settings');
    expect(safeNextPath('/dashboard/history?q=code&from=2026-01-01#top')).toBe(
      '/dashboard/history?q=code&from=2026-01-01#top',
    );
    expect(safeNextPath('/edit/0b6f0c5e-5d3b-4d2b-9a51-0c6f8e1f3a11')).toBe(
      '/edit/0b6f0c5e-5d3b-4d2b-9a51-0c6f8e1f3a11',
    );
    expect(safeNextPath('/dashboard?q=a b')).toBe('/dashboard?q=a%20b');
    expect(safeNextPath('/admin')).toBe('/admin');
    expect(safeNextPath('/admin/users?tab=admins')).toBe('/admin/users?tab=admins');
  });

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['//evil.example/dashboard', 'protocol-relative with an app path'],
    ['/\\evil.example', 'backslash host'],
    ['/dashboard\\..\\..\\evil', 'backslashes later on'],
    ['\\\\evil.example', 'double backslash'],
    ['https://x', 'absolute URL'],
    ['https://x/dashboard', 'absolute URL with an app path'],
    ['javascript:alert(1)', 'javascript scheme'],
    ['JavaScript:alert(1)//dashboard', 'javascript scheme, mixed case'],
    ['data:text/html,<script>', 'data scheme'],
    ['%2F%2Fevil.example', 'encoded slashes, no leading slash'],
    ['/%2F%2Fevil.example', 'encoded slashes after the first'],
    ['/%5Cevil.example', 'encoded backslash'],
    ['/dashboard/../..//evil.example', 'dot segments escaping the app'],
    ['/dashboard/%2e%2e/auth', 'encoded dot segments'],
    ['/\tdashboard', 'tab'],
    ['/dashboard\r\nSet-Cookie: x=1', 'CR LF'],
    ['/dashboard\u0000', 'NUL'],
    ['/dashboard\u0085', 'C1 control'],
    ['', 'empty'],
    ['dashboard', 'relative path'],
    ['/', 'the landing page'],
    ['/auth', 'a public page'],
    ['/dashboardx', 'a look-alike'],
    ['/administrator', 'a look-alike of the admin area'],
    ['/dashboard/' + 'a'.repeat(2100), 'too long'],
  ])('rejects %j (%s)', (raw) => {
    expect(safeNextPath(raw)).toBe(DEFAULT_NEXT_PATH);
  });

  it('rejects non-strings', () => {
    expect(safeNextPath(undefined)).toBe(DEFAULT_NEXT_PATH);
    expect(safeNextPath(null)).toBe(DEFAULT_NEXT_PATH);
    expect(safeNextPath(['/dashboard/settings'])).toBe(DEFAULT_NEXT_PATH);
  });

  it('withNext adds an encoded next only for pages other than the default', () => {
    expect(withNext('/auth', '/dashboard/settings')).toBe('/auth?next=%2Fdashboard%2Fsettings');
    expect(withNext('/auth?error=link', '/edit/1?x=1#h')).toBe(
      '/auth?error=link&next=%2Fedit%2F1%3Fx%3D1%23h',
    );
    expect(withNext('/auth', '/dashboard')).toBe('/auth');
    expect(withNext('/auth', '//evil.example')).toBe('/auth');
  });
});
