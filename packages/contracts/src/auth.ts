import { z } from 'zod';

export const PASSWORD_MISMATCH = 'Le due password non corrispondono';
export const LOGIN_FAILED = 'Impossibile eseguire il login con le credenziali immesse.';
export const WRONG_OLD_PASSWORD = 'La password attuale non è corretta.';

export const loginRequest = z.object({
  username: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(1000),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const passwordChangeRequest = z
  .object({
    old_password: z.string().min(1).max(1000),
    new_password: z.string().min(8, 'La password deve contenere almeno 8 caratteri.').max(1000),
    confirm_password: z.string().min(1).max(1000),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORD_MISMATCH,
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

// ---- one-time links to set a password (issue 15)

/** The same answer whether or not the address belongs to an account. */
export const PASSWORD_DIMENTICATA_RISPOSTA =
  'Se l’indirizzo appartiene a un account, a breve riceverai un’e-mail con il link per reimpostare la password.';
export const LINK_PASSWORD_NON_VALIDO =
  'Il link non è valido: è scaduto, è già stato usato oppure ne è stato inviato uno più recente. Chiedine uno nuovo con «Password dimenticata?».';

export const passwordDimenticataRequest = z.object({
  email: z
    .string({ error: 'Scrivi il tuo indirizzo e-mail.' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Indirizzo e-mail non valido.' })),
});
export type PasswordDimenticataRequest = z.infer<typeof passwordDimenticataRequest>;

const tokenLink = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[\w-]+$/);

export const verificaTokenRequest = z.object({ token: tokenLink });
/** What a valid link is for: the account's username and why it was sent. */
export const tokenPasswordSchema = z.object({
  username: z.string(),
  scopo: z.enum(['imposta', 'reimposta']),
});
export type TokenPassword = z.infer<typeof tokenPasswordSchema>;

export const impostaPasswordRequest = z
  .object({
    token: tokenLink,
    password: z.string().min(1, 'Scegli una password.').max(1000),
    confirm_password: z.string().min(1, 'Ripeti la password.').max(1000),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORD_MISMATCH,
  });
export type ImpostaPasswordRequest = z.infer<typeof impostaPasswordRequest>;

/** POST /api/admin/user/{id}/invito-password/: the link sent, for staff to copy. */
export const invitoPasswordSchema = z.object({
  link: z.string(),
  email: z.string(),
  /** False when the mail server refused the message: the link still works, to be passed on by hand. */
  email_inviata: z.boolean(),
});
export type InvitoPassword = z.infer<typeof invitoPasswordSchema>;
