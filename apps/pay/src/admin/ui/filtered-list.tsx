import { FormError } from './fields';
import { LoadFailed, Loading } from './load-states';

/** The end of a list's filter form: what is wrong with it, then Apply and Clear. */
export function FilterFormActions({ hasErrors, onClear }: { hasErrors: boolean; onClear: () => void }) {
  return (
    <>
      <FormError message={hasErrors ? 'Check the highlighted filters.' : null} />
      <div className="form-actions">
        <button type="submit" className="button-primary">
          Apply filters
        </button>
        <button type="button" className="button-secondary" onClick={onClear}>
          Clear filters
        </button>
      </div>
    </>
  );
}

/**
 * What a filtered list says instead of rows: a filter in the address that does not parse (nothing
 * is asked then), loading, a failed load with a retry, or no match.
 */
export function FilteredListStates({
  list,
  filterValid,
  what,
}: {
  list: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: { edges: readonly unknown[] } };
  filterValid: boolean;
  /** The rows' name, plural: "sessions". */
  what: string;
}) {
  return (
    <>
      {!filterValid && <p className="form-error">The filter in the address is not valid: check the fields above.</p>}
      {list.isPending && filterValid && <Loading what={what} />}
      {list.isError && <LoadFailed error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.edges.length === 0 && <p>No {what} match.</p>}
    </>
  );
}
