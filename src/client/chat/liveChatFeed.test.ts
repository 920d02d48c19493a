import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { liveFeedMachine } from '../../../machines/liveFeed.machine';
import { createLiveMessages } from '../app/liveMessages';
import { liveChatFeedOf } from './liveChatFeed';

describe('the live feed as the built-in chat adapter sees it', () => {
  it('reports live only while the feed is live, once per change, and hands over chat messages only', () => {
    const liveFeed = createActor(liveFeedMachine, { input: { jitter: 0 } });
    liveFeed.start();
    const messages = createLiveMessages();
    const feed = liveChatFeedOf(liveFeed, messages);
    const states: boolean[] = [];
    const chats: string[] = [];
    const stopWatch = feed.watchConnection((live) => states.push(live));
    const stopChats = feed.subscribe((m) => chats.push(m.channel_url));
    liveFeed.send({ type: 'session.started', access: 'a' });
    liveFeed.send({ type: 'socket.opened' });
    liveFeed.send({ type: 'socket.message', message: { type: 'refresh', reason: 'connected' } });
    liveFeed.send({ type: 'socket.message', message: { type: 'pong' } });
    liveFeed.send({ type: 'socket.closed', code: 1006, reason: '' });
    messages.publish({ type: 'chat', action: 'channel_changed', channel_url: 'ch-1' });
    messages.publish({ type: 'open_orders_count', count: 1 });
    expect([states, chats]).toEqual([[false, true, false], ['ch-1']]);
    stopWatch();
    stopChats();
    liveFeed.stop();
  });
});
