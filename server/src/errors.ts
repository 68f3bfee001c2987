// One table of every error the API answers with: code -> HTTP status and the
// Italian text shown to people. Routes throw `apiError(code)`; the error
// handler (plugins/errors.ts) turns it into a DRF-style body `{"detail": ...}`
// or, for field errors, `{"field": ["msg", ...], "non_field_errors": [...]}`.
import { z } from 'zod';

export const ERRORS = {
  bad_request: { status: 400, detail: 'Richiesta non valida.' },
  parse_error: { status: 400, detail: 'Richiesta malformata: il corpo non è JSON valido.' },
  invalid_value: { status: 400, detail: 'Valore non valido: non può essere memorizzato.' },
  conflict: { status: 400, detail: 'La richiesta è in conflitto con i dati esistenti.' },
  not_authenticated: {
    status: 403,
    detail: 'Le credenziali di autenticazione non sono state fornite.',
  },
  permission_denied: { status: 403, detail: 'Non hai il permesso di eseguire questa azione.' },
  csrf_failed: { status: 403, detail: 'Verifica CSRF fallita: token CSRF mancante o non valido.' },
  not_found: { status: 404, detail: 'Non trovato.' },
  method_not_allowed: { status: 405, detail: 'Metodo non consentito.' },
  payload_too_large: { status: 413, detail: 'Richiesta troppo grande.' },
  unsupported_media_type: { status: 415, detail: 'Tipo di contenuto non supportato.' },
  unprocessable: { status: 422, detail: 'Richiesta non elaborabile.' },
  throttled: { status: 429, detail: 'Troppe richieste: riprova più tardi.' },
  server_error: { status: 500, detail: 'Errore interno del server.' },
  not_implemented: { status: 501, detail: 'Funzione non ancora disponibile.' },
  unavailable: { status: 503, detail: 'Servizio momentaneamente non disponibile.' },
} as const satisfies Record<string, { status: number; detail: string }>;

export type ErrorCode = keyof typeof ERRORS;

export type FieldErrors = Record<string, string[]>;

/** An error the API answers with on purpose (never a 500). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly body: { detail: string } | FieldErrors,
  ) {
    super(typeof body.detail === 'string' ? body.detail : code);
  }
}

export function apiError(code: ErrorCode, detail?: string): ApiError {
  const entry = ERRORS[code];
  return new ApiError(code, entry.status, { detail: detail ?? entry.detail });
}

/** 400 with messages attached to fields (`non_field_errors` for the rest). */
export function fieldErrors(errors: FieldErrors): ApiError {
  return new ApiError('bad_request', 400, errors);
}

/** Turns zod issues into DRF field errors keyed by the top-level field name. */
export function zodIssuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
