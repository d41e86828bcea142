import { useState } from 'react';

/** The paging part of every list query. */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

export interface PagedQuery<Q extends PageQuery> {
  query: Q;
  /** Changes filters and goes back to page 1, where the filtered rows begin. */
  filter(patch: Partial<Omit<Q, keyof PageQuery>>): void;
  /** Goes to a page; a new page size starts again from page 1. */
  goToPage(pageNum: number, pageSize: number): void;
  /** Jumps to a page without touching filters (a remembered page pulled back into range). */
  setPageNum(pageNum: number): void;
}

/**
 * A list's query state: filters and page, with the paging rules every list follows.
 * `onPage` hears each page change (a list that remembers its page stores it there).
 */
export function usePagedQuery<Q extends PageQuery>(initial: Q | (() => Q), onPage?: (pageNum: number) => void): PagedQuery<Q> {
  const [query, setQuery] = useState<Q>(initial);
  const setPageNum = (pageNum: number) => {
    onPage?.(pageNum);
    setQuery((current) => ({ ...current, pageNum }));
  };
  return {
    query,
    filter(patch) {
      onPage?.(1);
      setQuery((current) => ({ ...current, ...patch, pageNum: 1 }));
    },
    goToPage(pageNum, pageSize) {
      const next = pageSize === query.pageSize ? pageNum : 1;
      onPage?.(next);
      setQuery((current) => ({ ...current, pageNum: next, pageSize }));
    },
    setPageNum,
  };
}
