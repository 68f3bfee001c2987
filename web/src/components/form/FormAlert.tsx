import Alert from 'react-bootstrap/Alert';

/** The general error area of a form (non_field_errors and other failures). */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="danger" className="mt-3" role="alert">
      {message}
    </Alert>
  );
}
