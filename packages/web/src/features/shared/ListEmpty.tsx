import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from './errorText.ts';

/** The height of antd's simple Empty (70 px, 32 px margin above and below, measured in Chromium), so nothing jumps when it shows. */
const EMPTY_HEIGHT_PX = 134;

/** What a list query's table or list needs to say when it has no rows. */
export interface ListRead {
  data?: unknown;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
}

/**
 * A table's or list's empty state: nothing while its rows are first being read ("No alarms
 * found" under the spinner would tell a nurse the list is empty before it has been read), the
 * error if reading failed, else `empty`. `pending` says the first rows are not in yet; by
 * default, no data while a read is under way.
 */
export function listEmptyText(list: ListRead, empty: ReactNode, pending = list.data === undefined && list.isFetching): ReactNode {
  if (pending && !list.isError) return <div style={{ minHeight: EMPTY_HEIGHT_PX }} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isError ? errorText(list.error) : empty} />;
}
