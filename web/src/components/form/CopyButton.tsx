import { useState } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';

/** Copies `text` to the clipboard; says 'Copiato!' for a moment. */
export function CopyButton({
  text,
  label = 'Copia',
  ...rest
}: { text: string; label?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [state, setState] = useState<'idle' | 'ok' | 'error'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('ok');
    } catch {
      setState('error');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <Button variant="outline-secondary" {...rest} onClick={() => void copy()}>
      {state === 'ok' ? 'Copiato!' : state === 'error' ? 'Copia non riuscita' : label}
    </Button>
  );
}
