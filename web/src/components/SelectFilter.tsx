// A select with a filter box above it (spec §2): the text is a
// case-insensitive regular expression; while it is not a valid one, it is
// matched literally.
import { useId, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';

export interface SelectOption {
  value: string;
  label: string;
}

/** Case-insensitive test of a label against the filter text. */
export function filterMatcher(filter: string): (label: string) => boolean {
  if (filter.trim() === '') return () => true;
  let pattern: RegExp;
  try {
    pattern = new RegExp(filter, 'i');
  } catch {
    pattern = new RegExp(filter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  }
  return (label) => pattern.test(label);
}

interface SelectFilterProps {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange(value: string): void;
  /** First, empty option. */
  placeholder?: string;
  id?: string;
  name?: string;
}

export function SelectFilter({
  label,
  options,
  value,
  onChange,
  placeholder = '---------',
  id,
  name,
}: SelectFilterProps) {
  const generated = useId();
  const selectId = id ?? `${generated}-select`;
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => {
    const matches = filterMatcher(filter);
    // The chosen option stays, so the select never shows a value it does not list.
    return options.filter((o) => o.value === value || matches(o.label));
  }, [filter, options, value]);
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={selectId}>{label}</Form.Label>
      <Form.Control
        type="search"
        size="sm"
        className="mb-1"
        placeholder="Filtra (espressione regolare)"
        aria-label={`Filtra ${label}`}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <Form.Select
        id={selectId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {visible.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      <Form.Text>
        {visible.length} di {options.length} opzioni
      </Form.Text>
    </Form.Group>
  );
}
