// Back-office records of the site: sponsors.
import { z } from 'zod';
import { id } from '../responses/common';
import { testoLibero, testoObbligatorio } from './common';

const indirizzoWeb = z
  .string()
  .trim()
  .max(500)
  .refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), 'Inserisci un indirizzo web valido.');

export const adminSponsorRequest = z.object({
  name: testoObbligatorio(200),
  logo_url: indirizzoWeb.optional(),
  website: indirizzoWeb.optional(),
  description: testoLibero(2000).optional(),
  ordine: z.number().int().min(0).max(10_000).optional(),
});
export const adminSponsorSchema = z.object({
  id,
  name: z.string(),
  logo_url: z.string(),
  website: z.string(),
  description: z.string(),
  ordine: z.number().int(),
});
