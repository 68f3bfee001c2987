import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../api/errors';
import { ErrorPage } from './ErrorPage';
import { LoaderError } from './LoaderError';
import { PageLoading } from './PageLoading';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children(data: T): ReactNode;
  /** Shown while loading; the spinner by default. */
  loading?: ReactNode;
  /** A missing or forbidden object is the page itself failing: show the error page. */
  errorPageOnMissing?: boolean;
}

/** Loading, failure with 'Riprova', or the data. */
export function QueryState<T>({
  query,
  children,
  loading,
  errorPageOnMissing,
}: QueryStateProps<T>) {
  if (query.isPending) return loading ?? <PageLoading />;
  if (query.isError) {
    const { error } = query;
    if (
      errorPageOnMissing &&
      isApiError(error) &&
      (error.kind === 'not_found' || error.kind === 'forbidden')
    ) {
      return <ErrorPage error={error} />;
    }
    return <LoaderError error={error} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
