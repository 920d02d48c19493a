/** The chat session calls of spec 02 §7: a token for the chat service, and its revocation (only one's own). */
import { chatSessionTokenSchema } from '../../shared/contracts/chat';
import { api, apiRequest } from '../api/http';

/** POST api/issue-sb-session-token {userId} (the user's unique_id) → the session token. */
export async function issueChatToken(userId: string): Promise<string> {
  return (await api.post('/api/issue-sb-session-token', { userId }, { schema: chatSessionTokenSchema })).token;
}

/** DELETE api/remove-sb-session {userId}: ends the user's chat sessions. */
export async function removeChatSession(userId: string): Promise<void> {
  await apiRequest('DELETE', '/api/remove-sb-session', { body: { userId } });
}
