/** The line under a list drawn in windows (use-progressive-list.ts): how much is shown, and 'Show all'. */
import type { ProgressiveList } from '../hooks/use-progressive-list';

export function ListMore({ list, noun }: { list: ProgressiveList<unknown>; noun: string }) {
  if (list.complete) return null;
  return (
    <p className="table-more" ref={list.sentinel}>
      Showing {list.shown.length} of {list.total} {noun}; more appear as you scroll.{' '}
      <button type="button" className="link-button" onClick={list.showAll}>
        Show all {list.total}
      </button>
    </p>
  );
}
