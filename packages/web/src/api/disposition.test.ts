import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileNameFromDisposition } from './disposition.ts';

describe('download names (content-disposition, RFC 6266 / 5987)', () => {
  it('takes the UTF-8 name over the ASCII fallback that stands before it', () => {
    const header = `attachment; filename="sleep-report-___-2026-11-27.pdf"; filename*=UTF-8''sleep-report-${encodeURIComponent('陈淑珍')}-2026-11-27.pdf`;
    assert.equal(fileNameFromDisposition(header), 'sleep-report-陈淑珍-2026-11-27.pdf');
  });

  it('reads the order reversed, a lower-case charset, and a plain name alone', () => {
    assert.equal(fileNameFromDisposition(`attachment; filename*=utf-8''%C3%BCber.xlsx; filename="_ber.xlsx"`), 'über.xlsx');
    assert.equal(fileNameFromDisposition('attachment; filename="alarm-log-2026.xlsx"'), 'alarm-log-2026.xlsx');
    assert.equal(fileNameFromDisposition('attachment; filename=plain.xls'), 'plain.xls');
  });

  it('falls back to the plain name when the extended one does not decode, and answers null without a name', () => {
    assert.equal(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E4%ZZ.pdf`), 'a.pdf');
    assert.equal(fileNameFromDisposition('attachment'), null);
    assert.equal(fileNameFromDisposition(''), null);
  });
});
