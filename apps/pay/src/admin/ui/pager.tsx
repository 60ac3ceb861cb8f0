import { useState } from 'react';
import { graphql } from '../gql';
import type { AdminPageInfoFragment } from '../gql/graphql';

// What the pager needs of a connection: it pages by endCursor alone, so edges carry no cursor.
export const PageInfoFragment = graphql(`
  fragment AdminPageInfo on PageInfo {
    hasNextPage
    endCursor
  }
`);

/**
 * Cursor pagination, newest first: the cursors of the pages before this one, so Previous works
 * without the server counting pages.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<readonly string[]>([]);
  return {
    after: cursors.at(-1) ?? null,
    pageNumber: cursors.length + 1,
    next: (endCursor: string) => setCursors((list) => [...list, endCursor]),
    previous: () => setCursors((list) => list.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

interface PagerProps {
  label: string;
  pages: ReturnType<typeof useCursorPages>;
  pageInfo: AdminPageInfoFragment | undefined;
  busy?: boolean;
}

export function Pager({ label, pages, pageInfo, busy = false }: PagerProps) {
  const endCursor = pageInfo?.endCursor;
  if (pages.pageNumber === 1 && !pageInfo?.hasNextPage) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button-secondary" disabled={pages.pageNumber === 1 || busy} onClick={pages.previous}>
        Previous page
      </button>
      <span className="hint">Page {pages.pageNumber}</span>
      <button
        type="button"
        className="button-secondary"
        disabled={!pageInfo?.hasNextPage || !endCursor || busy}
        onClick={() => endCursor && pages.next(endCursor)}
      >
        Next page
      </button>
    </nav>
  );
}
