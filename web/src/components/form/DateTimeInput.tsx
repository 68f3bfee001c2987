// A date-time field on Rome's clock: the browser's datetime-local picker
// (seconds included) where it exists, else a text box taking
// 'gg/mm/aaaa hh:mm[:ss]' (spec §2 "Date inputs").
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { formatTyped, parseTyped } from '../../lib/romeTime';

export const TYPED_FORMAT = 'gg/mm/aaaa hh:mm[:ss]';

let support: boolean | undefined;
/** Whether this browser has a real datetime-local control (it sanitises bad values). */
export function supportsDateTimeLocal(): boolean {
  if (support === undefined) {
    const input = document.createElement('input');
    input.setAttribute('type', 'datetime-local');
    input.value = 'non-una-data';
    support = input.type === 'datetime-local' && input.value === '';
  }
  return support;
}

interface DateTimeInputProps {
  /** Only outside a Form.Group: inside one, the group's controlId names the input. */
  id?: string;
  /** A wall string YYYY-MM-DDTHH:mm:ss, '' when empty, or the raw text of an unreadable entry. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  name?: string;
  isInvalid?: boolean;
  /** Bootstrap's small control (list filters). */
  size?: 'sm';
  disabled?: boolean;
  required?: boolean;
  'aria-describedby'?: string;
  /** Force one control (tests; browsers without a picker get 'text'). */
  mode?: 'picker' | 'text';
  inputRef?: React.Ref<HTMLInputElement>;
}

export function DateTimeInput({ value, onChange, mode, inputRef, ...rest }: DateTimeInputProps) {
  const picker = (mode ?? (supportsDateTimeLocal() ? 'picker' : 'text')) === 'picker';
  const [text, setText] = useState(() => formatTyped(value));
  // Follow outside changes (reset, defaults) unless they are what was typed.
  useEffect(() => {
    setText((current) =>
      parseTyped(current) === value || current === value ? current : formatTyped(value),
    );
  }, [value]);

  if (picker) {
    return (
      <Form.Control
        {...rest}
        ref={inputRef}
        type="datetime-local"
        step={1}
        value={value.length === 16 ? `${value}:00` : value}
        onChange={(event) => {
          const v = event.target.value;
          onChange(v.length === 16 ? `${v}:00` : v);
        }}
      />
    );
  }
  return (
    <Form.Control
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      placeholder={TYPED_FORMAT}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseTyped(event.target.value);
        onChange(parsed ?? event.target.value);
      }}
    />
  );
}
