import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../../src/shared/events';
import { EVENTS_DOC, renderEventDocs } from './eventDocs';

describe('docs/events.md', () => {
  it('documents every event type of the catalogue (run `npm run events:docs` after changing one)', () => {
    expect(existsSync(EVENTS_DOC), 'docs/events.md is missing').toBe(true);
    const page = readFileSync(EVENTS_DOC, 'utf8');
    expect(page, 'docs/events.md is stale').toBe(renderEventDocs());
    for (const type of EVENT_TYPES) expect(page).toContain(`## \`${type}\``);
  });

  it.each(EVENT_TYPES)('shows a payload of %s that its schema accepts', (type) => {
    const spec = EVENT_CATALOGUE[type];
    expect(spec.payload.safeParse(spec.example).success).toBe(true);
  });
});
