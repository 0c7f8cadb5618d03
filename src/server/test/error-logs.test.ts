import { describe, expect, it } from 'vitest';
import { takeUnexpectedErrorLogs, watchErrorLogs } from './error-logs.ts';

const line = (level: number, msg: string) => JSON.stringify({ level, msg }) + '\n';

describe('server error logs in tests', () => {
  it('reports lines at level 50 and above once, unless the test allowed them', () => {
    let text = line(30, 'fine') + line(40, 'a warning') + line(50, 'boom') + line(60, 'fatal');
    const w = watchErrorLogs(() => text);
    expect(takeUnexpectedErrorLogs()).toEqual([line(50, 'boom').trim(), line(60, 'fatal').trim()]);
    expect(takeUnexpectedErrorLogs()).toEqual([]);

    w.allow(/expected failure/);
    text += line(50, 'an expected failure') + line(50, 'another thing');
    expect(takeUnexpectedErrorLogs()).toEqual([line(50, 'another thing').trim()]);

    // Allowances end with the test; a closed app is checked one last time.
    text += line(50, 'an expected failure');
    w.closed();
    expect(takeUnexpectedErrorLogs()).toEqual([line(50, 'an expected failure').trim()]);
    text += line(50, 'after close');
    expect(takeUnexpectedErrorLogs()).toEqual([]);
  });
});
