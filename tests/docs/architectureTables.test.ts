import { readFileSync } from 'node:fs';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';

describe('docs/architecture.md', () => {
  it('names every table of the schema in its Database section', () => {
    const page = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('## Database'), page.indexOf('## ', page.indexOf('## Database') + 3));
    const tables = Object.values(schema)
      .filter((value) => isTable(value))
      .map((table) => getTableName(table));
    expect(tables.length).toBeGreaterThanOrEqual(22);
    expect(tables.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });
});
