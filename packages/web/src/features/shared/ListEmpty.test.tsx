import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import { cleanup, render, screen } from '@testing-library/react';
import { ApiError } from '../../api/client.ts';
import { listEmptyText, type ListRead } from './ListEmpty.tsx';

function show(list: ListRead, pending?: boolean) {
  render(<div>{pending === undefined ? listEmptyText(list, 'No alarms found') : listEmptyText(list, 'No alarms found', pending)}</div>);
}

describe('listEmptyText', () => {
  before(() => startI18n('en-us'));
  beforeEach(() => cleanup());

  it('says nothing while the first rows are being read', () => {
    show({ data: undefined, isFetching: true, isError: false, error: null });
    assert.equal(screen.queryByText('No alarms found'), null);
  });

  it('says the list is empty once it has been read, also while it is read again', () => {
    show({ data: { rows: [], total: 0 }, isFetching: true, isError: false, error: null });
    assert.ok(screen.getByText('No alarms found'));
  });

  it('says why when the read failed, even with no rows in yet', () => {
    show({ data: undefined, isFetching: false, isError: true, error: new ApiError(403, 'Not your care home') }, true);
    assert.ok(screen.getByText('Not your care home'));
  });

  it('says the list is empty when nothing is being read (a query not started)', () => {
    show({ data: undefined, isFetching: false, isError: false, error: null });
    assert.ok(screen.getByText('No alarms found'));
  });
});
