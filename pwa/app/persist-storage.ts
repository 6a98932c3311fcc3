/**
 * Asks once for persistent storage (docs/architecture.md#offline-layer), so the browser does not evict the cached
 * app and offline data under storage pressure. The answer is the browser's; we never ask twice.
 */
const ASKED_KEY = 'storage_persist_requested';

export async function requestPersistentStorage(): Promise<boolean | undefined> {
  try {
    if (!navigator.storage?.persist || localStorage.getItem(ASKED_KEY)) return undefined;
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return undefined;
  }
}
