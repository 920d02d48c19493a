/**
 * Chatter search (people to chat with): GET api/chat/users/, ≥ 3 characters, 20 a page. Our
 * directory, called with the Bearer token alone, so it works with either chat adapter.
 */
import { z } from 'zod';
import { CHAT_LIMITS, chatUserSchema, type ChatUser } from '../../../shared/contracts/chat';
import { apiRequest } from '../../api/http';

const usersPage = z.object({ results: z.array(chatUserSchema), count: z.number().int() });

export async function searchChatUsers(search: string, page = 1): Promise<ChatUser[]> {
  if (search.trim().length < CHAT_LIMITS.userSearchMinChars) return [];
  const answer = await apiRequest('GET', '/api/chat/users/', { query: { search: search.trim(), page }, schema: usersPage });
  return answer.results;
}
