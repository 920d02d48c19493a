/** The signed-in user's own account calls. */
import { chatTermsSchema } from '../../../shared/contracts/clients';
import { api } from '../../api/http';

/** Records that the caller accepted the chat terms. */
export function acceptChatTerms() {
  return api.patch('/api/client/chat-terms/', undefined, { schema: chatTermsSchema });
}
