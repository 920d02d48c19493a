/** The full-page chat (/chat). */
import { ChatView } from './ChatView';

export function ChatPage() {
  return (
    <main className="kosh-chat-page">
      <h1 className="bp6-heading kosh-chat-page__title">Chat</h1>
      <ChatView />
    </main>
  );
}
