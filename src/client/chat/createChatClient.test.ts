import { describe, expect, it, vi } from 'vitest';
import { createChatClient } from './createChatClient';
import { fakeSendbird } from './testing/fakeSendbird';

const live = { subscribe: () => () => undefined, watchConnection: () => () => undefined };

describe('chat adapter choice (DESIGN §8)', () => {
  it('uses the built-in service without a Sendbird app id, and never loads the SDK', async () => {
    const loadSdk = vi.fn(async () => fakeSendbird().sdk);
    const fetch = vi.fn(async () => Response.json({ channels: [] }));
    vi.stubGlobal('fetch', fetch);
    const client = createChatClient({ sendbird: null, live, loadSdk });
    await client.connect('u-alice', 'tok');
    vi.unstubAllGlobals();
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/chat/channels/');
    expect(loadSdk).not.toHaveBeenCalled();
  });

  it('uses Sendbird with an app id: connecting loads the SDK then', async () => {
    const fake = fakeSendbird();
    const loadSdk = vi.fn(async () => fake.sdk);
    const client = createChatClient({ sendbird: { appId: 'APP-9' }, live, loadSdk });
    expect(loadSdk).not.toHaveBeenCalled();
    await client.connect('u-alice', 'tok');
    expect(fake.initParams).toMatchObject({ appId: 'APP-9' });
  });
});
