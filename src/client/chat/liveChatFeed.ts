/** The live feed as the built-in chat adapter sees it: its `chat` messages and whether it is live. */
import type { ActorRefFrom } from 'xstate';
import type { liveFeedMachine } from '../../../machines/liveFeed.machine';
import type { LiveMessages } from '../app/liveMessages';
import type { LiveChatFeed } from './builtinChatClient';

export function liveChatFeedOf(liveFeed: ActorRefFrom<typeof liveFeedMachine>, liveMessages: LiveMessages): LiveChatFeed {
  return {
    subscribe: (handler) => liveMessages.subscribe('chat', handler),
    watchConnection(listener) {
      let last: boolean | null = null;
      const report = (live: boolean) => {
        if (live !== last) {
          last = live;
          listener(live);
        }
      };
      report(liveFeed.getSnapshot().hasTag('live'));
      const subscription = liveFeed.subscribe((snapshot) => report(snapshot.hasTag('live')));
      return () => subscription.unsubscribe();
    },
  };
}
