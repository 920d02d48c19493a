/** The built-in chat service (issue #10, DESIGN §8): sessions, channels, messages, the compliance export and the users' chat preferences. */
import type { ServiceDeps } from '../../serviceDeps.js';
import { createChannelCommands } from './chatChannels.js';
import { createChatExport } from './chatCompliance.js';
import { createMessaging } from './chatMessaging.js';
import { createChatPreferences } from './chatPreferences.js';
import { createChatSessions } from './chatSessions.js';
import { searchChatters } from './chatSearch.js';
import { sendbirdPlatform } from './sendbirdPlatform.js';
import type { Principal } from '../../../shared/accessPolicy.js';

export function createChatService({ db, clock, config, files }: ServiceDeps) {
  const channels = createChannelCommands(db, clock);
  return {
    sessions: createChatSessions(db, clock, config.sendbird ? sendbirdPlatform(config.sendbird) : null),
    channels,
    messages: createMessaging(db, clock, channels, files),
    exports: createChatExport(db),
    preferences: createChatPreferences(db, clock),
    searchUsers: (caller: Principal, search: string, page: number) => searchChatters(db, caller, search, page),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
