import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Session } from '../../shared/contracts/auth';
import { sessionKey } from '../app/sessionQueries';
import { ChatSessionError, chatEventHub, type ChatClient, type ChatSessionErrorKind } from './chatClient';
import { createChatConnection } from './chatConnectionActor';

/** A ChatClient whose connect fails with the queued errors, then succeeds. */
function fakeClient() {
  const hub = chatEventHub();
  const failures: unknown[] = [];
  const client = {
    connect: vi.fn(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
    }),
    disconnect: vi.fn(async () => undefined),
    clearCachedData: vi.fn(async () => undefined),
    subscribe: hub.subscribe,
  } as unknown as ChatClient & Record<'connect' | 'disconnect' | 'clearCachedData', ReturnType<typeof vi.fn>>;
  return { client, publish: hub.publish, failNext: (...errors: unknown[]) => failures.push(...errors) };
}

const profile = (termsAccepted: boolean) =>
  ({
    user_info: { unique_id: 'uid-alice', has_accepted_chat_terms: termsAccepted, roles: ['clientdealer', 'user'] },
  }) as unknown as Session;

function setup(termsAccepted = true, failures: unknown[] = []) {
  const queryClient = new QueryClient();
  const fake = fakeClient();
  fake.failNext(...failures);
  let tokens = 0;
  const issueToken = vi.fn(async (_userId: string) => `token-${++tokens}`);
  const browser = new EventTarget();
  queryClient.setQueryData(sessionKey, profile(termsAccepted));
  const chat = createChatConnection({ client: fake.client, queryClient, issueToken, browser });
  const settled = (tag: string) => waitFor(chat.chatConnection, (s) => s.hasTag(tag));
  return { ...fake, queryClient, issueToken, browser, chat, settled };
}

describe('chat connection wiring (spec 02 §4)', () => {
  it('a signed-in user who accepted the terms gets a token for their unique_id and connects with it', async () => {
    const { client, issueToken, settled } = setup();
    await settled('online');
    expect(issueToken.mock.calls).toEqual([['uid-alice']]);
    expect(client.connect.mock.calls).toEqual([['uid-alice', 'token-1']]);
  });

  it('no chat before the chat terms are accepted; accepting them starts it', async () => {
    const { client, issueToken, queryClient, settled } = setup(false);
    await settled('termsRequired');
    expect(issueToken).not.toHaveBeenCalled();
    queryClient.setQueryData(sessionKey, profile(true));
    await settled('online');
    expect(client.connect).toHaveBeenCalledTimes(1);
  });

  it('a view-only user (a viewer) never starts chat, even with the terms accepted', async () => {
    const { client, issueToken, queryClient, chat } = setup(false);
    queryClient.setQueryData(sessionKey, { user_info: { ...profile(true).user_info, roles: ['clientviewer'] } });
    await Promise.resolve();
    expect(chat.chatConnection.getSnapshot().hasTag('stopped')).toBe(true);
    expect(issueToken).not.toHaveBeenCalled();
    expect(client.connect).not.toHaveBeenCalled();
  });
});

describe('chat connection wiring: token problems and ended sessions', () => {
  it('an expired or invalid token: a new token and one more connection', async () => {
    const { client, issueToken, settled } = setup(true, [new ChatSessionError('tokenExpired')]);
    await settled('online');
    expect(issueToken).toHaveBeenCalledTimes(2);
    expect(client.connect.mock.calls).toEqual([
      ['uid-alice', 'token-1'],
      ['uid-alice', 'token-2'],
    ]);
  });

  it('a second token failure stays offline with the error; back online in the browser, chat starts again', async () => {
    const second = new ChatSessionError('tokenInvalid');
    const { client, browser, chat, settled } = setup(true, [new ChatSessionError('tokenExpired'), second]);
    await settled('error');
    expect(chat.chatConnection.getSnapshot().context.error).toBe(second);
    expect(client.connect).toHaveBeenCalledTimes(2);
    browser.dispatchEvent(new Event('online'));
    await settled('online');
    expect(client.connect).toHaveBeenCalledTimes(3);
  });

  it.each<ChatSessionErrorKind>(['userDeactivated', 'userDeleted', 'sessionExpired', 'sessionRevoked'])(
    'a %s session error clears cached data and stops chat',
    async (kind) => {
      const { client, publish, browser, chat, settled } = setup();
      await settled('online');
      publish({ type: 'session.error', kind });
      await settled('ended');
      expect(client.clearCachedData).toHaveBeenCalledTimes(1);
      browser.dispatchEvent(new Event('online'));
      expect(chat.chatConnection.getSnapshot().hasTag('ended')).toBe(true);
    },
  );

  it("follows the client's connection: disconnected → offline, reconnect succeeded → online, reconnect failed → a fresh session", async () => {
    const { client, issueToken, publish, settled } = setup();
    await settled('online');
    publish({ type: 'connection.disconnected' });
    await settled('offline');
    publish({ type: 'connection.reconnectSucceeded' });
    await settled('online');
    publish({ type: 'connection.reconnectStarted' });
    publish({ type: 'connection.reconnectFailed' });
    await settled('online');
    expect([issueToken.mock.calls.length, client.connect.mock.calls.length]).toEqual([2, 2]);
  });

  it('signing out disconnects chat', async () => {
    const { client, queryClient, settled } = setup();
    await settled('online');
    queryClient.clear();
    await settled('stopped');
    expect(client.disconnect).toHaveBeenCalledTimes(1);
  });
});
