// A button asking 'Sei sicuro?' in a popover with Conferma / Annulla before
// acting (spec §2), used for deletions.
import { useId, useRef, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';

export const CONFIRM_TITLE = 'Sei sicuro?';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  children: ReactNode;
  onConfirm(): void;
  /** Extra text under the question. */
  message?: ReactNode;
}

export function ConfirmButton({
  children,
  onConfirm,
  message,
  variant = 'danger',
  ...rest
}: ConfirmButtonProps) {
  const [show, setShow] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const popoverId = useId();

  const close = (refocus: boolean) => {
    setShow(false);
    if (refocus) target.current?.focus();
  };

  return (
    <>
      <Button
        {...rest}
        ref={target}
        variant={variant}
        aria-expanded={show}
        aria-haspopup="dialog"
        aria-controls={show ? popoverId : undefined}
        onClick={() => setShow((s) => !s)}
      >
        {children}
      </Button>
      <Overlay
        target={target.current}
        show={show}
        placement="top"
        rootClose
        onHide={() => close(false)}
        onEntered={(element: HTMLElement) =>
          element.querySelector<HTMLButtonElement>('[data-confirm]')?.focus()
        }
      >
        <Popover
          id={popoverId}
          role="dialog"
          aria-labelledby={`${popoverId}-title`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close(true);
          }}
        >
          <Popover.Header as="h3" id={`${popoverId}-title`} className="h6">
            {CONFIRM_TITLE}
          </Popover.Header>
          <Popover.Body>
            {message && <p className="mb-2">{message}</p>}
            <div className="d-flex gap-2">
              <Button
                size="sm"
                variant="danger"
                data-confirm
                onClick={() => {
                  close(true);
                  onConfirm();
                }}
              >
                Conferma
              </Button>
              <Button size="sm" variant="secondary" onClick={() => close(true)}>
                Annulla
              </Button>
            </div>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
