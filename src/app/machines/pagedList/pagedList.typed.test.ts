import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pagedList, pagedListView } from './pagedList.typed';
import type { LoadedPage, PageQuery } from './pagedList.machine';

interface Filter {
  days: number;
}
interface Row {
  id: number;
}

/** A list whose reads answer what the test hands it, one read at a time. */
function listWith(answers: (() => Promise<LoadedPage<Row, { clock: number }>>)[]) {
  const queries: PageQuery[] = [];
  const loadPage = fromPromise<LoadedPage, PageQuery>(({ input }) => {
    queries.push(input);
    return answers.shift()!();
  });
  const machine = pagedList<Filter, Row, { clock: number }>(loadPage, { showToast: () => undefined });
  return { actor: createActor(machine, { input: { filter: { days: 7 }, size: 2 } }).start(), queries };
}

describe('pagedListView: one definition of what a records page shows', () => {
  it('is the first load until a page has answered, then shows the rows and whether more follow', async () => {
    const { actor } = listWith([async () => ({ list: [{ id: 1 }, { id: 2 }], total: 3, extra: { clock: 5 } })]);
    const first = pagedListView<Filter, Row, { clock: number }>(actor.getSnapshot());
    expect(first).toMatchObject({ loading: true, firstLoad: true, empty: false, failed: false, rows: [], filter: { days: 7 } });
    await waitFor(actor, (s) => s.matches('ready'));
    const shown = pagedListView<Filter, Row, { clock: number }>(actor.getSnapshot());
    expect(shown).toMatchObject({ loading: false, firstLoad: false, empty: false, hasMore: true, rows: [{ id: 1 }, { id: 2 }], extra: { clock: 5 }, page: 1, size: 2 });
  });

  it('keeps rows on screen while a later read runs (loading, not the first load), and says empty when nothing matches', async () => {
    const { actor, queries } = listWith([async () => ({ list: [{ id: 1 }], total: 1 }), async () => ({ list: [], total: 0 })]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'list.filter', filter: { days: 3 } });
    expect(pagedListView(actor.getSnapshot())).toMatchObject({ loading: true, firstLoad: false, rows: [{ id: 1 }] });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(pagedListView(actor.getSnapshot())).toMatchObject({ empty: true, hasMore: false, total: 0 });
    expect(queries.map((q) => q.filter)).toEqual([{ days: 7 }, { days: 3 }]);
  });

  it('says failed when a read fails', async () => {
    const { actor } = listWith([async () => Promise.reject(new Error('down'))]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(pagedListView(actor.getSnapshot())).toMatchObject({ failed: true, loading: false, empty: false });
  });
});
