import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { useDeferredValue, type ReactNode } from 'react';
import { listEmptyText } from './ListEmpty.tsx';
import type { PageQuery } from './usePagedQuery.ts';

/** One page of rows as list operations answer it. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

export interface PagedTableProps<Row> extends Omit<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'locale' | 'scroll'> {
  /** The page query's result. */
  list: UseQueryResult<Page<Row>>;
  query: PageQuery;
  onPageChange(pageNum: number, pageSize: number): void;
  /** Shown when there are no rows (a failed read shows why instead). */
  emptyText: ReactNode;
  /** "25 in total", in the feature's words. */
  totalText(total: number): string;
  /**
   * Narrower than this the table scrolls sideways instead of squeezing its columns; 0 when the
   * columns fit the width as they are (a phone's columns: issue 25 item 14).
   */
  minWidth: number;
}

/** A server-paged table: rows of the current page, loading state, empty or error state, and the pager. */
export function PagedTable<Row extends object>({ list, query, onPageChange, emptyText, totalText, minWidth, ...table }: PagedTableProps<Row>) {
  // A page of rows (tags, actions, tooltips in every cell) is the heaviest render of a list
  // screen: it renders deferred, in slices the browser can interrupt, and the table shows its
  // spinner until it is in.
  const page = useDeferredValue(list.data);
  const catchingUp = page !== list.data;
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      tableLayout="auto"
      {...table}
      dataSource={page?.rows ?? []}
      loading={list.isFetching || catchingUp}
      scroll={minWidth > 0 ? { x: minWidth } : undefined}
      // Until the first page is rendered, the table says nothing of an empty list.
      locale={{ emptyText: listEmptyText(list, emptyText, !page && (list.isFetching || catchingUp)) }}
      pagination={{
        current: query.pageNum,
        pageSize: query.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: true,
        showTotal: totalText,
        onChange: onPageChange,
      }}
    />
  );
}
