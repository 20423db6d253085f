// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { LoadedPage, PageQuery } from '../machines/pagedList/pagedList.machine';
import { pagedList } from '../machines/pagedList/pagedList.typed';
import { usePagedList } from './usePagedList';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

const list = pagedList<{ days: number }, Row>(
  fromPromise<LoadedPage, PageQuery>(async () => ({ list: [{ id: 1, name: 'first' }], total: 1 })),
  { showToast: () => undefined },
);

function Rows() {
  const { rows, firstLoad, empty } = usePagedList(list, { filter: { days: 7 } });
  if (firstLoad) return <p>loading</p>;
  return <ul>{empty ? <li>none</li> : rows.map((r) => <li key={r.id}>{r.name}</li>)}</ul>;
}

it('a page renders its typed rows once the first read is in', async () => {
  render(<Rows />);
  expect(await screen.findByText('first')).toBeTruthy();
});
