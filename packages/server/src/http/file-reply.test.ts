import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachmentDisposition } from './file-reply.ts';

describe('download names (RFC 6266 content-disposition)', () => {
  it('carries 陈淑珍 in the UTF-8 filename* and an ASCII fallback', () => {
    const header = attachmentDisposition('sleep-report-陈淑珍-2026-11-27.pdf');
    assert.equal(header, `attachment; filename="sleep-report-___-2026-11-27.pdf"; filename*=UTF-8''sleep-report-%E9%99%88%E6%B7%91%E7%8F%8D-2026-11-27.pdf`);
    assert.equal(decodeURIComponent(header.split("UTF-8''")[1]), 'sleep-report-陈淑珍-2026-11-27.pdf');
  });

  it('percent-encodes what RFC 5987 does not allow bare, and keeps quotes and backslashes out of the fallback', () => {
    const header = attachmentDisposition(`O'Brien (2) *"x"\\y.xlsx`);
    assert.equal(header, `attachment; filename="O'Brien (2) *_x__y.xlsx"; filename*=UTF-8''O%27Brien%20%282%29%20%2A%22x%22%5Cy.xlsx`);
  });
});
