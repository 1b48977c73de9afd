/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { formatDateKey, formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('writes the instant in Japan time in each language', () => {
    // 2026-11-21 15:30 UTC is 2026-11-22 00:30 in Tokyo.
    expect(formatDateTime('2026-11-21T15:30:00Z', 'en')).toBe('22/11/2026, 00:30');
    expect(formatDateTime('2026-11-21T15:30:00Z', 'jp')).toBe('2026/11/22 00:30');
    // zh-TW separates date and time with a thin space (U+2009).
    expect(formatDateTime('2026-11-21T15:30:00Z', 'tw').replace(/\s/gu, ' ')).toBe('2026/11/22 00:30');
  });

  it('answers empty for no date or a bad one', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('formatDateKey', () => {
  it('writes the calendar date in each language', () => {
    expect(formatDateKey('2026-12-01', 'tw')).toBe('2026/12/01');
    expect(formatDateKey('2026-12-01', 'jp')).toBe('2026/12/01');
    expect(formatDateKey('2026-12-01', 'en')).toBe('01/12/2026');
    // hi and id read English formats, as an unknown language does.
    expect(formatDateKey('2026-12-01', 'hi')).toBe('01/12/2026');
    expect(formatDateKey('2026-12-01', 'id')).toBe('01/12/2026');
    expect(formatDateKey('2026-12-01', 'xx')).toBe('01/12/2026');
  });

  it('reads the date part of an ISO date-time', () => {
    expect(formatDateKey('2026-12-01T00:00:00.000Z', 'jp')).toBe('2026/12/01');
  });

  it('answers empty for no date or a bad one', () => {
    for (const bad of [null, undefined, '', 'not a date', '2026-12-1', '2026/12/01', '20261201', '2026-12-01x', '2026-02-30', '2026-13-01', '2026-00-10']) {
      expect(formatDateKey(bad, 'en')).toBe('');
    }
  });

  // Jest hands a test a copy of process.env, so setting TZ here would not move this process's
  // clock: the device's zone is tried in a Node of its own, running this module's source.
  it.each([
    ['Pacific/Kiritimati', -840],
    ['Pacific/Honolulu', 600],
    ['America/New_York', 300],
  ])('keeps the day on a device in %s', (zone, offset) => {
    const source = ts.transpileModule(readFileSync(join(__dirname, 'date-time.ts'), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const probe = `${source}
      console.log(JSON.stringify({
        offset: new Date('2026-12-01T00:00:00+09:00').getTimezoneOffset(),
        dates: [exports.formatDateKey('2026-12-01', 'jp'), exports.formatDateKey('2027-01-01', 'en'), exports.formatDateKey('2026-12-31', 'tw')],
      }));`;
    const answer = JSON.parse(execFileSync(process.execPath, ['-e', probe], { env: { PATH: process.env.PATH, TZ: zone }, encoding: 'utf8' })) as {
      offset: number;
      dates: string[];
    };
    // The device really is there (minutes behind UTC, as getTimezoneOffset counts them).
    expect(answer.offset).toBe(offset);
    expect(answer.dates).toEqual(['2026/12/01', '01/01/2027', '2026/12/31']);
  });
});
