/**
 * The user's chat security preferences (spec 01 §1, §3): read from the session profile's
 * user_security_preferences, changed with PATCH api/chat/preferences/ (Bearer only, whichever chat
 * service is in use), and the profile updated with the server's answer.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../../../shared/contracts/auth';
import { chatPreferencesOf, chatPreferencesSchema, type ChatPreferences } from '../../../shared/contracts/chat';
import { api } from '../../api/http';
import { sessionKey } from '../../app/sessionQueries';

export const preferencesOfSession = (session: Session | undefined): ChatPreferences =>
  chatPreferencesOf(session?.user_info.user_security_preferences);

/** Whether incoming-message notifications show the text, as the profile now says. */
export const previewsOf = (queryClient: QueryClient) => () =>
  preferencesOfSession(queryClient.getQueryData<Session>(sessionKey)).message_previews;

/** Saves a change and puts the answer into the session profile (other keys of the preferences stay). */
export async function saveChatPreferences(queryClient: QueryClient, change: Partial<ChatPreferences>): Promise<ChatPreferences> {
  const saved = await api.patch('/api/chat/preferences/', change, { schema: chatPreferencesSchema });
  queryClient.setQueryData<Session>(sessionKey, (s) =>
    s ? { ...s, user_info: { ...s.user_info, user_security_preferences: { ...s.user_info.user_security_preferences, ...saved } } } : s,
  );
  return saved;
}
