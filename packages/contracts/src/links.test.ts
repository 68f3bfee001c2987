import { describe, expect, it } from 'vitest';
import { eventoPatchRequest } from './evento';
import { isSafeLink, LINK_NON_VALIDO } from './links';

describe('isSafeLink: an https address or a path of this site', () => {
  it.each([
    '/regolamento/',
    '/',
    '/evento/3/?tab=punteggi#classifica',
    'https://www.youtube.com/watch?v=abc',
    'https://gas.example:8443/pagina',
    'HTTPS://Example.org',
    'https://università.it/gara',
  ])('accepts %s', (link) => {
    expect(isSafeLink(link)).toBe(true);
  });

  it.each([
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '/a\\b',
    'http://example.org/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://',
    'https:///x',
    'https://gas.example@evil.example/',
    'https://a b.example/',
    'https://example.org/a b',
    '/a b',
    '/a\u0000b',
    'evil.example/x',
    ' /regolamento/',
  ])('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });

  it('the event fields refuse them with an Italian field message, empty is fine', () => {
    for (const field of ['pagina_dedicata', 'youtube_link'] as const) {
      const refused = eventoPatchRequest.safeParse({ [field]: '//evil.example/x' });
      expect(refused.error!.issues.map((i) => [i.path, i.message])).toEqual([
        [[field], LINK_NON_VALIDO],
      ]);
      expect(eventoPatchRequest.safeParse({ [field]: '' }).success).toBe(true);
    }
  });
});
