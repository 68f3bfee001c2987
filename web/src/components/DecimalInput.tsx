// A decimal number field shown the Italian way (1,48, not 1.48) that takes a
// comma or a dot: a browser's number field shows the dot whatever the page's
// language. The form keeps a number (NaN while the text is not one).
import { useState, type Ref } from 'react';
import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';
import { formatDecimalInput, parseDecimalInput } from '../lib/numbers';

type Props = Omit<FormControlProps, 'value' | 'onChange' | 'type'> & {
  value: number;
  onChange(value: number): void;
  onBlur?(): void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
};

const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

export function DecimalInput({ value, onChange, inputRef, ...rest }: Props) {
  const [text, setText] = useState(() => formatDecimalInput(value));
  // The value changed from outside (a reset, a new default): show it.
  if (!same(parseDecimalInput(text), value) && !(text === '' && Number.isNaN(value))) {
    setText(formatDecimalInput(value));
  }
  return (
    <Form.Control
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseDecimalInput(event.target.value));
      }}
    />
  );
}
