/** The Login page's backend online/offline/checking indicator (docs/product.md#screens Login), from /api/health. */
import { useBackendStatus } from '../../lib/backend-status';

const LABELS = { checking: 'Checking server...', online: 'Server online', offline: 'Server offline' } as const;

export function BackendIndicator() {
  const { state } = useBackendStatus();
  return (
    <p className={`backend-indicator backend-${state}`} role="status" aria-live="polite">
      <span className="dot" aria-hidden="true" />
      {LABELS[state]}
    </p>
  );
}
