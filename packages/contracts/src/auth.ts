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
