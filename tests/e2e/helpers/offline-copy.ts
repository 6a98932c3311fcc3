/** The device's offline copy (IndexedDB 'reunion-desk') as a browser test reads it. */
import type { Page } from 'playwright-core';

/** The rows of one table of the copy. */
export function storedRows(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('reunion-desk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    table,
  );
}
