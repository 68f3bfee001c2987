import { describe, expect, it } from 'vitest';
import { logoFile } from './attestati';

const dataUrl = (tipo: string, bytes: number[]) =>
  `data:image/${tipo};base64,${Buffer.from(bytes).toString('base64')}`;

describe('the certificates’ logo', () => {
  it('is the image the setting holds, when its bytes are a PNG or a JPEG', () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
    expect(logoFile({ logo: dataUrl('png', png) })).toEqual({
      nome: 'logo.png',
      bytes: Buffer.from(png),
    });
    expect(logoFile({ logo: dataUrl('jpeg', [0xff, 0xd8, 0xff, 0xe0, 9]) })?.nome).toBe('logo.jpg');
  });

  it('is left out when the bytes are not what the data URL says (pdflatex would stop)', () => {
    expect(logoFile({ logo: dataUrl('png', [0xff, 0xd8, 0xff, 0xe0]) })).toBeNull();
    expect(logoFile({ logo: dataUrl('jpeg', [0x3c, 0x73, 0x76, 0x67]) })).toBeNull();
    expect(logoFile({ logo: 'data:image/gif;base64,R0lGODlh' })).toBeNull();
    expect(logoFile(null)).toBeNull();
  });
});
