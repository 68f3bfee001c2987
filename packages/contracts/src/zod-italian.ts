import { z } from 'zod';

export const REQUIRED_FIELD = 'Questo campo è obbligatorio.';

/**
 * Italian messages for zod, shared by the server (request validation) and the
 * web forms, with Django REST Framework's wording for missing and null fields.
 */
export function configureZodItalian(): void {
  z.config(z.locales.it());
  const italian = z.config().localeError;
  z.config({
    localeError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED_FIELD;
      if (issue.code === 'invalid_type' && issue.input === null)
        return 'Questo campo non può essere nullo.';
      return italian?.(issue);
    },
  });
}
