import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIVE_MESSAGE_TYPES, liveClientMessageSchema, liveServerMessageSchema } from './live.js';

/** The documented examples, by section ("Client messages" / "Server messages") and kind. */
function documentedExamples(): { section: string; kind: string; json: unknown }[] {
  const text = readFileSync(new URL('../../../docs/livefeed.md', import.meta.url), 'utf8');
  const examples: { section: string; kind: string; json: unknown }[] = [];
  let section = '';
  let kind = '';
  for (const block of text.split(/^(?=#{2,3} |```json)/m)) {
    const heading = /^(#{2,3}) (.+)$/m.exec(block);
    if (block.startsWith('## ') && heading) section = heading[2]!;
    else if (block.startsWith('### ') && heading) kind = heading[2]!;
    else if (block.startsWith('```json')) examples.push({ section, kind, json: JSON.parse(block.slice(7, block.indexOf('```', 7))) });
  }
  return examples;
}

describe('live feed contracts', () => {
  const examples = documentedExamples();
  const server = examples.filter((e) => e.section === 'Server messages');

  it('documents an example of every server message kind and each parses as that kind', () => {
    expect(server.map((e) => e.kind).sort()).toEqual([...LIVE_MESSAGE_TYPES].sort());
    for (const example of server) {
      expect(liveServerMessageSchema.parse(example.json).type, example.kind).toBe(example.kind);
    }
  });

  it('documents the client messages and each parses', () => {
    const client = examples.filter((e) => e.section === 'Client messages');
    expect(client.map((e) => e.kind)).toEqual(['auth', 'ping']);
    for (const example of client) expect(liveClientMessageSchema.parse(example.json).type).toBe(example.kind);
  });

  it('rejects a message of an unknown kind and a float amount', () => {
    expect(liveServerMessageSchema.safeParse({ type: 'gossip' }).success).toBe(false);
    expect(liveServerMessageSchema.safeParse({ type: 'price_override', order_id: '1', consideration: 10.5 }).success).toBe(false);
    expect(liveServerMessageSchema.safeParse({ type: 'price_override', order_id: '1', consideration: '10.5' }).success).toBe(false);
  });
});
