import { startI18n } from '../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { platformNameGet, platformSettingGet, querySystemConfig, serverVersion } from '@vigil/contracts';
import { prefetchPlatformQueries, usePlatformName, usePlatformSetting, useServerVersion, useSystemConfig } from './platform-queries.ts';

/** What the shell reads of the platform, shown once all four answers are in. */
function PlatformReads({ userId }: { userId: number }) {
  const name = usePlatformName().data?.platformName;
  const setting = usePlatformSetting(userId).data?.name;
  const version = useServerVersion().data?.version;
  const edition = useSystemConfig().data?.edition;
  return name && setting && version && edition ? <p>{`${name} / ${setting} / ${version} / ${edition}`}</p> : null;
}

const answers: Record<string, unknown> = {
  [`/api${platformNameGet.path}`]: { platformName: 'Riverside' },
  [`/api${platformSettingGet.path}`]: { name: 'Riverside Care', logoUrl: null },
  [`/api${serverVersion.path}`]: { version: '1.2.3', commit: 'abc', database: 'sqlite', startedAt: 0 },
  [`/api${querySystemConfig.path}`]: { edition: 'domestic', timeZone: 'Asia/Shanghai' },
};
const requested: string[] = [];
/** gcTime Infinity: no garbage-collection timer keeps the test process alive once the tests end. */
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });

describe('prefetchPlatformQueries', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://console');
      requested.push(url.pathname);
      return new Response(JSON.stringify({ status: 200, data: answers[url.pathname], msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    requested.length = 0;
  });
  after(() => cleanup());

  it("starts the shell's platform reads, which its first render then takes without asking again", async () => {
    const client = newClient();
    prefetchPlatformQueries(client, 7);
    assert.deepEqual([...requested].sort(), Object.keys(answers).sort(), 'the four reads start before anything renders');
    render(
      <QueryClientProvider client={client}>
        <PlatformReads userId={7} />
      </QueryClientProvider>,
    );
    assert.ok(await screen.findByText('Riverside / Riverside Care / 1.2.3 / domestic'));
    assert.equal(requested.length, 4, `asked again: ${requested.join(', ')}`);
  });

  it('on the login page (no user) reads no version', () => {
    prefetchPlatformQueries(newClient(), null);
    assert.deepEqual([...requested].sort(), [`/api${platformNameGet.path}`, `/api${platformSettingGet.path}`, `/api${querySystemConfig.path}`].sort());
  });
});
