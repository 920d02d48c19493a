/**
 * The chatConnection actor and its wiring, created once at the composition root beside the live
 * feed (outside React, so StrictMode's double effects cannot start or stop it twice): it follows
 * the session profile (its unique_id, has_accepted_chat_terms and roles: only people who may chat), gives the machine the
 * ChatClient's connect and the token call, forwards the client's connection and session events
 * and the browser's `online`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import { chatConnectionMachine, type ChatConnectionEvent } from '../../../machines/chatConnection.machine';
import { mayChat } from '../../shared/accessPolicy';
import type { Session } from '../../shared/contracts/auth';
import { inspect } from '../app/actorInspection';
import { sessionKey } from '../app/sessionQueries';
import type { ChatClient, ChatEvent } from './chatClient';
import { issueChatToken } from './chatSessionApi';
import { chatMessageKeys } from './messageList';

const CONNECTION_EVENTS: Partial<Record<ChatEvent['type'], ChatConnectionEvent['type']>> = {
  'connection.connected': 'chat.connected',
  'connection.disconnected': 'chat.disconnected',
  'connection.reconnectStarted': 'chat.reconnectStarted',
  'connection.reconnectSucceeded': 'chat.reconnectSucceeded',
  'connection.reconnectFailed': 'chat.reconnectFailed',
};

export function createChatConnection(deps: {
  client: ChatClient;
  queryClient: QueryClient;
  issueToken?: (userId: string) => Promise<string>;
  /** Where the browser's `online` event fires (the window). */
  browser?: EventTarget;
}) {
  const { client, queryClient } = deps;
  const issueToken = deps.issueToken ?? issueChatToken;
  const browser = deps.browser ?? window;
  const chatConnection = createActor(
    chatConnectionMachine.provide({
      actors: {
        issueToken: fromPromise<string, { userId: string }>(({ input }) => issueToken(input.userId)),
        connect: fromPromise<void, { userId: string; token: string }>(({ input }) => client.connect(input.userId, input.token)),
      },
      actions: {
        disconnect: () => void client.disconnect().catch(() => undefined),
        clearCachedData: () => {
          queryClient.removeQueries({ queryKey: chatMessageKeys.all });
          void client.clearCachedData().catch(() => undefined);
        },
      },
    }),
    { inspect },
  );

  const stopEvents = client.subscribe((event) => {
    if (event.type === 'session.error') chatConnection.send({ type: 'chat.sessionError', kind: event.kind });
    const type = CONNECTION_EVENTS[event.type];
    if (type) chatConnection.send({ type } as ChatConnectionEvent);
  });

  let last: { userId: string; termsAccepted: boolean } | null = null;
  const follow = () => {
    const info = queryClient.getQueryData<Session>(sessionKey)?.user_info;
    // View-only users (viewers, compliance) cannot chat: for them chat never starts.
    const now = info && mayChat(info.roles) ? { userId: info.unique_id, termsAccepted: info.has_accepted_chat_terms } : null;
    if (now?.userId === last?.userId && now?.termsAccepted === last?.termsAccepted) return;
    if (!now || (last && last.userId !== now.userId)) chatConnection.send({ type: 'session.ended' });
    if (now && (!last || last.userId !== now.userId)) chatConnection.send({ type: 'session.started', ...now });
    else if (now?.termsAccepted && !last?.termsAccepted) chatConnection.send({ type: 'terms.accepted' });
    last = now;
  };
  const online = () => chatConnection.send({ type: 'browser.online' });

  chatConnection.start();
  const stopFollowing = queryClient.getQueryCache().subscribe(follow);
  browser.addEventListener('online', online);
  follow();
  return {
    chatConnection,
    dispose() {
      stopFollowing();
      stopEvents();
      browser.removeEventListener('online', online);
      chatConnection.send({ type: 'session.ended' });
      chatConnection.stop();
    },
  };
}
