import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Firmware } from '@vigil/contracts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { GrayDevicesDialog } from './GrayDevicesDialog.tsx';

/** What the fake server answers to the next spreadsheet upload, and the uploads it saw. */
let importAnswer: { status: number; data: unknown; msg: string } = { status: 200, data: { added: 0 }, msg: 'ok' };
const uploads: { url: string; language: string | null; fileName: string }[] = [];
let listCalls = 0;

/** XMLHttpRequest as the console's uploadFile uses it: reports progress, then the server's answer. */
class FakeXhr {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers = new Map<string, string>();
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(form: FormData) {
    const file = form.get('file');
    uploads.push({ url: this.url, language: this.headers.get('accept-language') ?? null, fileName: file instanceof File ? file.name : '' });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      this.status = 200;
      this.responseText = JSON.stringify(importAnswer);
      this.onload?.();
    }, 20);
  }
}

const firmware = { id: 42, model: 'BM8701', version: '2.0.0', status: 'unpublished' } as Firmware;
const feedback: Feedback = { success: () => {}, error: () => {}, info: () => {} } as unknown as Feedback;

function chooseFile(name: string) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  assert.ok(input, 'the import dialog has a file input');
  const file = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], name, { type: 'application/vnd.ms-excel' });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('GrayDevicesDialog spreadsheet import', () => {
  before(async () => {
    await startI18n('en-us');
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
    globalThis.fetch = async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/firmware/grayDeviceList/get') listCalls++;
      return new Response(JSON.stringify({ status: 200, data: [], msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  after(cleanup);

  it('uploads the file for this package, lists every row problem, then imports a fixed file and refreshes the list', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
    render(
      <QueryClientProvider client={client}>
        <GrayDevicesDialog firmware={firmware} feedback={feedback} onClose={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import a spreadsheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gray devices from a spreadsheet' });
    assert.ok(within(dialog).getByText(/"Device ID" column/), 'says what the file must hold');
    assert.equal(within(dialog).queryByRole('button', { name: 'Download the template' }), null);

    importAnswer = {
      status: 400,
      msg: 'Problems found: 2',
      data: {
        problems: [
          { row: 2, column: 'A', field: 'deviceId', message: 'Device GRX1 does not exist.' },
          { row: 5, column: 'A', field: 'deviceId', message: 'The same device is also on row 2.' },
        ],
        total: 2,
      },
    };
    chooseFile('gray.xls');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const report = await within(dialog).findByRole('table', { name: 'Problems found in the file' });
    assert.ok(within(report).getByText('Device GRX1 does not exist.'));
    assert.ok(within(report).getByText('The same device is also on row 2.'));
    assert.equal(uploads.length, 1);
    assert.equal(uploads[0].url, '/api/firmware/grayDevice/import?firmwareId=42');
    assert.equal(uploads[0].language, 'en-us', 'the server answers the problems in the interface language');
    assert.equal(uploads[0].fileName, 'gray.xls');

    importAnswer = { status: 200, data: { added: 2 }, msg: 'ok' };
    const listedBefore = listCalls;
    // Found by their text: once the report has rendered, the role query in happy-dom misses the
    // footer buttons (they are there and enabled: the debug listing shows them).
    const button = (name: string) => within(dialog).getByText(name).closest('button') ?? assert.fail(`no ${name} button`);
    fireEvent.click(button('Choose another file'));
    chooseFile('gray-fixed.xlsx');
    fireEvent.click(button('Import'));
    assert.ok(await within(dialog).findByText('Imported: 2'));
    assert.equal(uploads.length, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(listCalls > listedBefore, 'the gray device list is fetched again');
  });
});
