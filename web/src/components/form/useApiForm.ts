// Server errors onto a form (spec §5, §8), written once for every form of the
// app: field errors on their fields (several messages joined by '. '),
// non_field_errors, the fields the form does not show and any other failure
// as one general message; no response at all is the network error text.
import { useCallback, useState } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { isApiError, joinMessages, NETWORK_ERROR_MESSAGE } from '../../api/errors';

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

/**
 * The one message of a single-field form kept outside react-hook-form (an
 * invitation, the chat name): the field's own messages, else the general one.
 */
export function serverErrorMessage(error: unknown, field: string): string | null {
  let fieldMessage: string | undefined;
  const general = applyServerErrors<Record<string, string>>(
    error,
    (_name, err) => {
      fieldMessage = err.message;
    },
    [field],
  );
  return fieldMessage ?? general;
}

export type ApiForm<T extends FieldValues> = UseFormReturn<T> & {
  /** The general message shown above the submit button (null: none). */
  general: string | null;
  setGeneral(message: string | null): void;
  /**
   * Puts a failed call's errors on the form: on `fields` their own messages,
   * the rest in `general`. Returns the general message.
   */
  showServerError(error: unknown, fields: readonly Path<T>[]): string | null;
};

/** react-hook-form's `useForm` plus the server-error mapping of spec §5. */
export function useApiForm<T extends FieldValues>(options: UseFormProps<T>): ApiForm<T> {
  const form = useForm<T>(options);
  const [general, setGeneral] = useState<string | null>(null);
  const { setError } = form;
  const showServerError = useCallback(
    (error: unknown, fields: readonly Path<T>[]) => {
      const message = applyServerErrors(error, setError, fields);
      setGeneral(message);
      return message;
    },
    [setError],
  );
  return { ...form, general, setGeneral, showServerError };
}
