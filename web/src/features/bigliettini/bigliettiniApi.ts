// POST /api/gas/biglietti-consegna/ and the decoding of its answer.
import type { BigliettiConsegna } from '@gas/contracts';
import { typedApi, type ApiBody } from '../../api/typed';

export type Output = ApiBody<'/api/gas/biglietti-consegna/', 'post'>['content'];

export type BigliettiResponse = BigliettiConsegna;

export const generaBiglietti = (squadre: string[], content: Output, sessione: number) =>
  typedApi.post('/api/gas/biglietti-consegna/', 'bigliettiConsegna', {
    body: { squadre, content, sessione },
  });

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function base64ToText(b64: string): string {
  return new TextDecoder().decode(base64ToBytes(b64));
}

/** Saves a blob as a file through a temporary link. */
export function scaricaFile(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
