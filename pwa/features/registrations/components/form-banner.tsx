/** The error banner at the top of a form, and the offline notice that explains a disabled form. */
import { Alert } from '../../../components/alert';
import { OFFLINE_REASON } from '../../../lib/use-online';

export function FormBanner({ error, online }: { error: string | null; online: boolean }) {
  return (
    <>
      {!online && <Alert kind="warning">{OFFLINE_REASON}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
    </>
  );
}
