/**
 * Picks the chat adapter (DESIGN §8): Sendbird when the installation has a Sendbird app id
 * (SENDBIRD_APP_ID), else the built-in service. The Sendbird SDK is only imported when chosen.
 */
import { createBuiltinChatClient, type LiveChatFeed } from './builtinChatClient';
import type { ChatClient } from './chatClient';
import { createSendbirdChatClient, loadSendbirdSdk, type SendbirdConfig } from './sendbirdChatClient';
import type { SendbirdSdk } from './sendbirdMapping';

export function createChatClient(deps: {
  sendbird: SendbirdConfig | null;
  live: LiveChatFeed;
  loadSdk?: () => Promise<SendbirdSdk>;
}): ChatClient {
  if (deps.sendbird?.appId) return createSendbirdChatClient(deps.sendbird, deps.loadSdk ?? loadSendbirdSdk);
  return createBuiltinChatClient(deps.live);
}
