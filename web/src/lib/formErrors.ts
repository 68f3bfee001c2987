// Server errors onto a react-hook-form form (spec §5, §8): field errors on
// their fields (several messages joined by '. '), non_field_errors and any
// other failure as a general message.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, joinMessages, NETWORK_ERROR_MESSAGE } from '../api/errors';

/** Sets the field errors it can and returns the general message (or null). */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.kind === 'network') return NETWORK_ERROR_MESSAGE;
  const general: string[] = [...error.nonFieldErrors];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = joinMessages(messages);
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
    } else {
      general.push(`${field}: ${message}`);
    }
  }
  if (general.length > 0) return joinMessages(general);
  if (Object.keys(error.fieldErrors).length > 0) return null;
  return error.detail;
}
