/** `npm run events:docs`: regenerates docs/events.md from the event catalogue. */
import { writeFileSync } from 'node:fs';
import { EVENTS_DOC, renderEventDocs } from './eventDocs';

writeFileSync(EVENTS_DOC, renderEventDocs());
process.stdout.write(`Wrote ${EVENTS_DOC}\n`);
