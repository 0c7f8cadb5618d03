import { describe, expect, it } from 'vitest';
import { takeUnexpectedBrowserErrors, watchBrowserErrors } from './browser-errors.ts';

const api = 'http://127.0.0.1:4000/v1/numbers';
const failed = (status: number, text: string) =>
  `Failed to load resource: the server responded with a status of ${status} (${text})`;

describe('browser errors in e2e tests', () => {
  it('reports page errors, console errors and responses of 400 or more, each once', () => {
    const b = watchBrowserErrors();
    b.record({ kind: 'pageerror', message: 'x is not a function' });
    b.record({ kind: 'console', text: 'Warning: something broke', url: 'http://h/app.js' });
    b.record({ kind: 'response', status: 200, method: 'GET', url: api });
    b.record({ kind: 'response', status: 304, method: 'GET', url: api });
    b.record({ kind: 'response', status: 500, method: 'POST', url: api });
    b.record({ kind: 'response', status: 503, method: 'GET', url: 'http://h/v1/events' });
    b.record({ kind: 'response', status: 404, method: 'GET', url: api });
    b.record({ kind: 'console', text: failed(500, 'Internal Server Error'), url: api });
    expect(takeUnexpectedBrowserErrors()).toEqual([
      'page error: x is not a function',
      'console error: Warning: something broke (http://h/app.js)',
      `HTTP 500: POST ${api}`,
      'HTTP 503: GET http://h/v1/events',
      `HTTP 404: GET ${api}`,
      `console error: ${failed(500, 'Internal Server Error')} (${api})`,
    ]);
    expect(takeUnexpectedBrowserErrors()).toEqual([]);
    b.closed();
  });

  it('lets a test allow a status from matching URLs (with its console line) and console errors by pattern, for that test only', () => {
    const b = watchBrowserErrors();
    b.allowHttp(409, /\/v1\/numbers$/);
    b.allowConsoleErrors(/expected noise/);
    b.record({ kind: 'response', status: 409, method: 'POST', url: api });
    b.record({ kind: 'console', text: failed(409, 'Conflict'), url: api });
    b.record({ kind: 'console', text: 'some expected noise', url: '' });
    // Another status, or the same status from another URL, is still reported.
    b.record({ kind: 'response', status: 500, method: 'POST', url: api });
    b.record({ kind: 'response', status: 409, method: 'POST', url: 'http://h/v1/tags' });
    b.record({ kind: 'pageerror', message: 'expected noise' });
    expect(takeUnexpectedBrowserErrors()).toEqual([
      `HTTP 500: POST ${api}`,
      'HTTP 409: POST http://h/v1/tags',
      'page error: expected noise',
    ]);

    // The allowances ended with the test; a closed context is checked one last time.
    b.record({ kind: 'response', status: 409, method: 'POST', url: api });
    b.closed();
    expect(takeUnexpectedBrowserErrors()).toEqual([`HTTP 409: POST ${api}`]);
    b.record({ kind: 'pageerror', message: 'after close' });
    expect(takeUnexpectedBrowserErrors()).toEqual([]);
  });
});
