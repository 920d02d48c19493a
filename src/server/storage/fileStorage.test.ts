import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesystemStorage, newFileKey } from './fileStorage';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kosh-files-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('filesystem file storage', () => {
  it('puts, gets and removes bytes by key, leaving no partial files behind', async () => {
    const files = filesystemStorage(root);
    const key = newFileKey('chat', new Date('2026-11-27T10:00:00Z'));
    expect(key).toMatch(/^chat\/2026-11\/[0-9a-f-]{36}$/);
    await files.put(key, Buffer.from('hello'));
    expect((await files.get(key)).toString()).toBe('hello');
    expect(await readdir(join(root, 'chat', '2026-11'))).toEqual([key.split('/').at(-1)]);
    await files.remove(key);
    await expect(files.get(key)).rejects.toThrow();
    await files.remove(key);
  });

  it('refuses keys that could leave the root', async () => {
    const files = filesystemStorage(root);
    for (const key of ['../x', '/etc/passwd', 'a/../../x', 'a//b', ''])
      await expect(files.put(key, Buffer.from('x'))).rejects.toThrow('Invalid file key');
  });

  it('never overwrites a key that exists', async () => {
    const files = filesystemStorage(root);
    await files.put('chat/a', Buffer.from('first'));
    await expect(files.put('chat/a', Buffer.from('second'))).rejects.toThrow();
    expect((await files.get('chat/a')).toString()).toBe('first');
  });
});
