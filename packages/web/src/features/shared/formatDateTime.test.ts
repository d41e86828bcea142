import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDateTime } from './formatDateTime.ts';
import { displayTimeZone, isKnownTimeZone, setDisplayTimeZone } from './timeZone.ts';

// 2026-01-15 23:30:00 UTC
const MOMENT = Date.UTC(2026, 0, 15, 23, 30, 0);

describe('formatDateTime in the platform time zone', () => {
  it('shows the same moment in the platform zone: the next day in Shanghai, the same day in London', () => {
    setDisplayTimeZone('Asia/Shanghai');
    assert.equal(formatDateTime(MOMENT, 'zh-cn'), '2026-01-16 07:30:00');
    setDisplayTimeZone('Europe/London');
    assert.equal(formatDateTime(MOMENT, 'zh-cn'), '2026-01-15 23:30:00');
  });

  it('keeps 12-hour time in English', () => {
    setDisplayTimeZone('America/New_York');
    assert.equal(formatDateTime(MOMENT, 'en-us'), '2026-01-15 6:30:00 PM');
  });

  it('takes an explicit zone over the platform one', () => {
    setDisplayTimeZone('UTC');
    assert.equal(formatDateTime(MOMENT, 'de', 'Asia/Seoul'), '2026-01-16 08:30:00');
  });

  it('ignores a zone the runtime does not know and keeps the last good one', () => {
    setDisplayTimeZone('Asia/Tokyo');
    assert.equal(isKnownTimeZone('Mars/Olympus'), false);
    setDisplayTimeZone('Mars/Olympus');
    assert.equal(displayTimeZone(), 'Asia/Tokyo');
  });
});
