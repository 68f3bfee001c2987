// react-hook-form validation with the zod schemas of @gas/contracts, so the
// forms refuse what the server refuses, with the same Italian messages.
import { configureZodItalian } from '@gas/contracts';
import { set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

configureZodItalian();

/** Dotted path -> first message, from a failed parse. */
export function zodIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'root';
    out[path] ??= issue.message;
  }
  return out;
}

/**
 * Validates `toPayload(values)` (the request the form would send) against
 * `schema`; errors land on the fields with the same path. Paths listed in
 * `rename` map payload keys back to form fields.
 */
export function zodResolver<T extends FieldValues>(
  schema: z.ZodType,
  toPayload: (values: T) => unknown = (values) => values,
  rename: Record<string, string> = {},
): Resolver<T> {
  return (values) => {
    let payload: unknown;
    try {
      payload = toPayload(values);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { values: {}, errors: { root: { type: 'payload', message } } as FieldErrors<T> };
    }
    const result = schema.safeParse(payload);
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<T> = {};
    for (const [path, message] of Object.entries(zodIssues(result.error))) {
      set(errors, rename[path] ?? path, { type: 'validation', message });
    }
    return { values: {}, errors };
  };
}
