// Runs in its own module graph (vitest isolates test files): zod-jitless is
// evaluated before zod, as in the web app's main.tsx.
import './zod-jitless';
import { config } from 'zod/v4/core';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('puts zod, loaded afterwards, in jitless mode without importing it', () => {
    expect(config().jitless).toBe(true);
    // Parsing still works without generated code.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
