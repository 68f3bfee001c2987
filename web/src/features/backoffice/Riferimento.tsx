// Choosing records of another resource (a team's venue, an event's staff)
// by typing: the resource's own list search answers with the first matches,
// so a reference to one of 3,000 managers or 2,000 schools is as quick to
// set as one to 3 events, and nothing loads the whole referenced table.
// A combobox in the ARIA pattern: arrows move, Enter chooses, Escape closes.
import type { RisorsaAdmin } from '@gas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import type { Query } from '../../api/client';
import { adminKeys, searchTitles, useTitlesOf } from './api';

/** Typing settles for this long before a search is sent. */
const DEBOUNCE_MS = 250;

function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);
  return settled;
}

type PickerProps = {
  id: string;
  risorsa: RisorsaAdmin;
  /** The chosen record, or null. */
  value: number | null;
  onChange(id: number | null): void;
  /** Only records matching these list filters (a team's sessions of its event). */
  filtro?: Query;
  /** Records not offered (those already in a list). */
  escludi?: readonly number[];
  isInvalid?: boolean;
  size?: 'sm';
  /** What the empty choice reads ('Tutti' as a filter). */
  vuoto?: string;
};

/** One reference: shows the chosen record's title; typing searches the resource. */
export function RiferimentoPicker(props: PickerProps) {
  const { id, risorsa, value, filtro, escludi = [] } = props;
  const listbox = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const cercato = useDebounced(text);
  const chosen = useTitlesOf(risorsa, value === null ? [] : [value]);
  const results = useQuery({
    queryKey: [...adminKeys.titles(risorsa.nome), 'cerca', cercato, filtro ?? {}],
    queryFn: ({ signal }) => searchTitles(risorsa, cercato, filtro ?? {}, signal),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (results.data ?? []).filter(([rid]) => !escludi.includes(rid));
  const chosenTitle = value === null ? '' : (chosen?.get(value) ?? `#${value}`);

  const choose = (rid: number | null) => {
    props.onChange(rid);
    setOpen(false);
    setText('');
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(0, i + step), Math.max(0, options.length - 1)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const option = options[active];
      if (option) choose(option[0]);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setText('');
    }
  };

  return (
    <div className="position-relative">
      <div className="d-flex gap-1 align-items-center">
        <Form.Control
          id={id}
          size={props.size}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listbox}
          aria-activedescendant={open && options[active] ? `${listbox}-${active}` : undefined}
          isInvalid={props.isInvalid}
          placeholder={value === null ? (props.vuoto ?? 'Cerca…') : undefined}
          value={open ? text : chosenTitle}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onBlur={() => {
            setOpen(false);
            setText('');
          }}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {value !== null && (
          <CloseButton
            aria-label={`Togli ${chosenTitle}`}
            className="flex-shrink-0"
            onClick={() => choose(null)}
          />
        )}
      </div>
      {open && (
        <ul
          id={listbox}
          role="listbox"
          aria-label={risorsa.etichetta}
          className="list-group position-absolute w-100 shadow-sm overflow-auto"
          style={{ zIndex: 1050, maxHeight: '16rem' }}
        >
          {options.map(([rid, title], i) => (
            <li
              key={rid}
              id={`${listbox}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action${i === active ? ' active' : ''}`}
              style={{ cursor: 'pointer' }}
              // Chosen before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(rid);
              }}
            >
              {title}
            </li>
          ))}
          {results.isSuccess && options.length === 0 && (
            <li className="list-group-item text-body-secondary">Nessun risultato.</li>
          )}
          {results.isError && (
            <li className="list-group-item text-danger">Ricerca non riuscita.</li>
          )}
        </ul>
      )}
    </div>
  );
}

/** Several references (a manager's schools): the chosen ones, each removable, and a search to add. */
export function RiferimentiPicker(props: {
  id: string;
  risorsa: RisorsaAdmin;
  value: number[];
  onChange(ids: number[]): void;
  isInvalid?: boolean;
}) {
  const { risorsa, value } = props;
  const titles = useTitlesOf(risorsa, value);
  return (
    <div>
      {value.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-1 mb-1" aria-label="Scelti">
          {value.map((rid) => {
            const title = titles?.get(rid) ?? `#${rid}`;
            return (
              <li key={rid} className="badge text-bg-light border d-flex align-items-center gap-1">
                <span className="text-wrap text-start">{title}</span>
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 lh-1 text-decoration-none"
                  aria-label={`Togli ${title}`}
                  onClick={() => props.onChange(value.filter((v) => v !== rid))}
                >
                  ×
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <RiferimentoPicker
        id={props.id}
        risorsa={risorsa}
        value={null}
        escludi={value}
        vuoto="Cerca per aggiungere…"
        isInvalid={props.isInvalid}
        onChange={(rid) => {
          if (rid !== null && !value.includes(rid)) props.onChange([...value, rid]);
        }}
      />
    </div>
  );
}
