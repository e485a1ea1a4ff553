import { beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '@shared/messages/request.js';
import { MAX_JSON_DEPTH } from '../lib/json-text.js';
import { buildArtist, buildVideo } from '../testing/factories.js';
import { useTestApp } from '../testing/use-test-app.js';

/**
 * What no route accepts, refused before any schema: JSON nested deeper than any call needs, text
 * that is not whole Unicode (bytes that are not UTF-8, half a surrogate pair) in a body or a query.
 */

let artistId: number;
let videoId: number;
const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });
beforeAll(async () => {
  artistId = (await buildArtist(t.db)).id;
  videoId = (await buildVideo(t.db)).id;
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Sends JSON text as it is: the test's own JSON.stringify could not write what it sends. */
async function send(method: 'POST' | 'PUT', url: string, token: string, payload: string | Buffer) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload,
  });
  return { status: response.statusCode, message: (response.json() as { message: string }).message };
}

/** Each write that reads an alias beside its field, the alias holding what `value` is. */
function aliasBodies(value: string): [string, 'POST' | 'PUT', string, () => string, string][] {
  return [
    [
      'PUT',
      '/api/users',
      'first_name',
      () => `{"id":${fan.id},"firstName":"Jo","first_name":${value}}`,
    ],
    [
      'PUT',
      '/api/users',
      'last_name',
      () => `{"id":${fan.id},"lastName":"Jo","last_name":${value}}`,
    ],
    [
      'PUT',
      '/api/users',
      'zipcode',
      () => `{"id":${fan.id},"zip_code":"37203","zipcode":${value}}`,
    ],
    [
      'PUT',
      '/api/admin/users',
      'first_name',
      () => `{"id":${admin.id},"firstName":"Jo","first_name":${value}}`,
    ],
    [
      'POST',
      '/api/admin/artists',
      'image',
      () => `{"name":"Deep","description":"x","img_path":"","image":${value}}`,
    ],
    [
      'PUT',
      '/api/admin/artists',
      'artistid',
      () => `{"id":${artistId},"name":"Deep","description":"x","artistid":${value}}`,
    ],
    [
      'PUT',
      '/api/admin/artists',
      'image',
      () => `{"id":${artistId},"name":"Deep","description":"x","img_path":"","image":${value}}`,
    ],
    ['PUT', '/api/tags/featured', 'tags', () => `{"id":[],"tags":${value}}`],
    [
      'PUT',
      '/api/admin/videos',
      'epid',
      () => `{"id":${videoId},"title":"t","description":"d","epid":${value}}`,
    ],
    [
      'PUT',
      '/api/admin/videos',
      'epnum',
      () => `{"id":${videoId},"title":"t","description":"d","episode_number":3,"epnum":${value}}`,
    ],
  ].map(([method, url, alias, body]) => [
    `${method as string} ${url as string} (${alias as string})`,
    method as 'POST' | 'PUT',
    url as string,
    body as () => string,
    alias as string,
  ]);
}

describe('a JSON body nested deeply', () => {
  it.each(aliasBodies(nested(20_000)))(
    '%s: an array 20,000 deep in the alias is a 400, not a 500',
    async (_name, method, url, body) => {
      const token = url.startsWith('/api/users') ? fan.token : admin.token;
      expect(await send(method, url, token, body())).toEqual({
        status: 400,
        message: requestMessages.bodyTooDeep(MAX_JSON_DEPTH),
      });
    },
  );

  it.each(aliasBodies(nested(MAX_JSON_DEPTH - 1)))(
    '%s: one within the limit reaches the route, whose schema refuses the alias by name',
    async (_name, method, url, body, alias) => {
      const token = url.startsWith('/api/users') ? fan.token : admin.token;
      const answer = await send(method, url, token, body());
      expect(answer.status).toBe(400);
      expect(answer.message).toContain(alias);
    },
  );

  it('is counted in arrays and objects alike, and not inside strings', async () => {
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect((await send('PUT', '/api/users', fan.token, objects)).message).toBe(
      requestMessages.bodyTooDeep(MAX_JSON_DEPTH),
    );
    const inText = JSON.stringify({ id: fan.id, firstName: '['.repeat(5000), lastName: 'x' });
    expect((await send('PUT', '/api/users', fan.token, inText)).message).not.toBe(
      requestMessages.bodyTooDeep(MAX_JSON_DEPTH),
    );
  });
});

describe('text that is not whole Unicode', () => {
  const account = (firstName: string) =>
    `{"id":${fan.id},"email":"${fan.email}","firstName":${firstName},"lastName":"Jones"}`;

  it('refuses half of a surrogate pair in a field, naming it, and keeps the name as it was', async () => {
    for (const half of ['"Bob\\ud800"', '"\\udc00Bob"', '"Bob\\ud800\\ud800"']) {
      expect(await send('PUT', '/api/users', fan.token, account(half))).toEqual({
        status: 400,
        message: requestMessages.brokenText('firstName'),
      });
    }
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/users/${fan.id}`,
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect((stored.json() as { data: { first_name: string } }).data.first_name).not.toMatch(
      /Bob|\uFFFD/,
    );
  });

  it('refuses bytes that are not UTF-8, naming the field', async () => {
    const before = `{"id":${fan.id},"email":"${fan.email}","lastName":"Jones","firstName":"Bo`;
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0x80]]) {
      const payload = Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from('b"}')]);
      expect(await send('PUT', '/api/users', fan.token, payload), String(bad)).toEqual({
        status: 400,
        message: requestMessages.brokenText('firstName'),
      });
    }
  });

  it('names a field deep in the body, and a broken field name', async () => {
    const layout = '{"id":[1,{"id":2,"name":"Live\\udfff"}]}';
    expect(await send('PUT', '/api/tags/featured', admin.token, layout)).toEqual({
      status: 400,
      message: requestMessages.brokenText('id.1.name'),
    });
    expect(await send('PUT', '/api/users', fan.token, `{"id":${fan.id},"x\\ud800":1}`)).toEqual({
      status: 400,
      message: requestMessages.brokenFieldName('the body'),
    });
  });

  it('takes whole text as sent: accents, emoji (surrogate pairs), a U+FFFD sent on purpose', async () => {
    const name = 'Zoë 😀🎸 \uFFFD';
    const saved = await send('PUT', '/api/users', fan.token, account(JSON.stringify(name)));
    expect(saved.status).toBe(200);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/users/${fan.id}`,
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect((stored.json() as { data: { first_name: string } }).data.first_name).toBe(name);
  });

  it('refuses a query parameter whose bytes are not UTF-8, naming it; keeps good ones', async () => {
    const get = async (url: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      return {
        status: response.statusCode,
        message: (response.json() as { message: string }).message,
      };
    };
    for (const bad of ['%FF', '%C3', '%ED%A0%80', 'ok%E9']) {
      expect(await get(`/api/admin/users?q=${bad}`), bad).toEqual({
        status: 400,
        message: requestMessages.brokenText('q'),
      });
    }
    expect((await get('/api/admin/users?%FF=1')).message).toBe(
      requestMessages.brokenText('A query parameter name'),
    );
    for (const good of ['Zo%C3%AB', '100%', '100%25', 'a+b', '%F0%9F%98%80']) {
      expect((await get(`/api/admin/users?q=${good}`)).status, good).toBe(200);
    }
  });

  it('refuses a path parameter whose bytes are not UTF-8, as a bad address', async () => {
    for (const bad of ['%FF', '%ED%A0%80']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/videos/${bad}` });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/address is not valid/);
    }
  });
});
