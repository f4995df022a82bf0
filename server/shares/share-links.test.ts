import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { LocalFolderStore } from '../blobs/local-folder-store.js';
import { tempDataDir } from '../test-support/temp-data-dir.js';
import { ShareLinks } from './share-links.js';

const by = { name: 'alice', tokenId: 'tok1' };

test('a share link opens its session until it expires or is revoked; a forged or altered one never does', async (t) => {
  const blobs = new LocalFolderStore(join(tempDataDir(t, 'simlab-shares-'), 'blobs'));
  const links = new ShareLinks(blobs);
  const now = Date.now();
  const { share, token } = await links.create('ses_1', 60_000, by, now);
  assert.equal((await links.open(token, now + 1000)).sessionId, 'ses_1');
  assert.equal((await new ShareLinks(blobs).open(token, now + 1000)).id, share.id, 'another hub on the same store checks it alike');
  await assert.rejects(links.open(token, now + 60_000), /expired/);

  const [head, expires, signature] = token.split('.') as [string, string, string];
  const flipped = `${head}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
  await assert.rejects(links.open(flipped, now), { code: 'FORBIDDEN' });
  await assert.rejects(links.open(`${head}.${Number(expires) + 86_400_000}.${signature}`, now), { code: 'FORBIDDEN' }, 'a pushed-back expiry breaks the signature');
  await assert.rejects(links.open(`shr_${'0'.repeat(32)}.${expires}.${signature}`, now), { code: 'FORBIDDEN' }, 'an unknown id');
  for (const junk of ['', 'slk_abc', `${token}x`, '../../etc/passwd']) await assert.rejects(links.open(junk, now), { code: 'UNAUTHORIZED' });

  await links.revoke(share.id, now + 10);
  await assert.rejects(links.open(token, now + 20), /revoked/);
  assert.equal((await links.list('ses_1'))[0]?.revokedAt, now + 10);
});

test('a share link lasts at most 30 days', async (t) => {
  const links = new ShareLinks(new LocalFolderStore(join(tempDataDir(t, 'simlab-shares-'), 'blobs')));
  const { share } = await links.create('ses_1', 365 * 86_400_000, by, 0);
  assert.equal(share.expiresAt, 30 * 86_400_000);
});
