/**
 * /media serves only the public folders: no spelling of a path (encoded separators, dot segments,
 * double encoding, overlong UTF-8, backslashes, NUL, trailing slashes) from a public folder reaches a
 * private file such as a customer's delivery photo, with or without `?w=`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MEDIA_FOLDERS } from '../../src/platform/media-key.ts';
import { safeKey } from '../../src/platform/storage.ts';
import { jpeg } from '../fixtures/photos.ts';
import { createTestApp, type TestContext } from '../helpers.ts';

/** Ways of writing "up one folder, then into `target`" after a public folder. */
function traversals(folder: string, target: string): string[] {
  const enc = target.replaceAll('/', '%2F');
  return [
    `${folder}/../${target}`,
    `${folder}/..%2F${target}`,
    `${folder}/..%2f${target}`,
    `${folder}/..%2F${enc}`,
    `${folder}%2F..%2F${enc}`,
    `${folder}/..%5C${target}`,
    `${folder}/..%5c${target.replaceAll('/', '%5c')}`,
    `${folder}/..\\${target}`,
    `${folder}/..%252F${target}`,
    `${folder}/%252e%252e%252f${target}`,
    `${folder}/%2e%2e/${target}`,
    `${folder}/%2E%2E%2F${target}`,
    `${folder}/.%2e/${target}`,
    `${folder}/%2e./${target}`,
    `${folder}/./../${target}`,
    `${folder}/.%2F..%2F${target}`,
    `${folder}/x/../../${target}`,
    `${folder}/x/..%2F..%2F${target}`,
    `${folder}//../${target}`,
    `${folder}/..%2F%2F${target}`,
    `${folder}/..%c0%af${target}`,
    `${folder}/..%e0%80%af${target}`,
    `${folder}/..%c1%9c${target}`,
    `${folder}/..%u2215${target}`,
    `${folder}/..;/${target}`,
    `${folder}/x.webp%00/../../${target}`,
    `${folder}/..%00/${target}`,
    `${folder}/..%2F${target}/`,
    `${folder}/..%2F${target}%2F`,
    `${folder}/..%2F${target}/.`,
  ];
}

/** A GET over a real socket with the path exactly as written (inject would tidy `./` and `../` first). */
function rawGet(port: number, path: string): Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('media paths cannot leave the public folders', () => {
  let t: TestContext;
  let photo: Buffer;
  let publicUrl: string;
  let port: number;
  const get = (path: string) => rawGet(port, path);
  const privateKeys = [`delivery-photos/${randomUUID()}/1764000000000.jpg`, 'resized/320/delivery-photos/secret.webp'];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    photo = await jpeg();
    for (const key of privateKeys) await t.app.deps.storage.put(key, photo, 'image/jpeg');
    publicUrl = (await t.app.inject({ method: 'GET', url: '/api/products' })).json().products[0].imageUrls[0];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still serves a public image by its plain path', async () => {
    const res = await get(publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('answers 404, never the private bytes, for every public folder and traversal spelling', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const folder of PUBLIC_MEDIA_FOLDERS) {
      for (const target of privateKeys) {
        for (const path of traversals(folder, target)) {
          for (const query of ['', '?w=320']) {
            const url = `/media/${path}${query}`;
            const res = await get(url);
            tried++;
            const leaked = res.statusCode < 400 || res.body.includes(photo.subarray(0, 64));
            if (leaked || res.statusCode >= 500 || !res.body.toString().startsWith('{"error":{"code":'))
              leaks.push(`${url} -> ${res.statusCode} ${res.headers['cache-control'] ?? ''}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(300);
  });

  it('refuses an encoded separator or a dot segment even when it would land on a public file', async () => {
    const [folder, ...rest] = publicUrl.slice('/media/'.length).split('/');
    const file = rest.join('/');
    // 404 like a missing file; a NUL is refused earlier, for every route, as bad text (400).
    for (const url of [
      `/media/${folder}%2F${file}`,
      `/media/${folder}/./${file}`,
      `/media/${folder}/x/../${file}`,
      `/media/${folder}//${file}`,
      `/media/${folder}/${file}/`,
      `/media/${folder}/${file}%00`,
      `/media/${folder}/${file.replace('.', '%2e')}`,
      `/media/${folder}/${file.replaceAll('/', '%2F')}`,
    ])
      expect([400, 404], url).toContain((await get(url)).statusCode);
  });

  it('refuses non-canonical keys in storage itself instead of resolving them', () => {
    for (const key of ['a/../b.jpg', '../b.jpg', './b.jpg', 'a//b.jpg', '/b.jpg', 'a/b.jpg/', 'a\\..\\b.jpg', 'a/b\0.jpg', 'a/%2e%2e/b'])
      expect(() => safeKey(key), key).toThrow();
    expect(safeKey('product-images/abc-large.webp')).toBe('product-images/abc-large.webp');
  });
});
