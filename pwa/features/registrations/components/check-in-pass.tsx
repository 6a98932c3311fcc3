/**
 * The check-in pass on a registration's page (docs/product.md#check-in-desk): the QR code of
 * `{this site}/check-in/{number}` to show at the resort's desk, and "Email my
 * pass" (the visitor) / "Email check-in pass" (an admin). The QR code is drawn on the device by the
 * `qrcode` library, loaded with this card only. A cancelled registration has no pass.
 */
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { passUrl } from '../../../../shared/check-in-pass';
import { usePublicConfig } from '../../../lib/public-config';
import type { Registration } from '../../../../shared/schemas/registration';
import { useSendCheckInPass } from '../api/send-pass';

function usePassImage(link: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [link]);
  return src;
}

export function CheckInPass({ registration: r, asAdmin }: { registration: Registration; asAdmin: boolean }) {
  // the emailed pass's link (PUBLIC_URL), whatever address this page was opened at
  const link = passUrl(usePublicConfig().publicUrl ?? window.location.origin, r.registration_number);
  const src = usePassImage(link);
  const send = useSendCheckInPass();
  if (r.status === 'cancelled') return null;
  return (
    <section className="card check-in-pass" aria-labelledby="pass-title">
      <h2 id="pass-title">Check-in pass</h2>
      <p>Show this code at the check-in desk at the resort.</p>
      {src ? (
        <img src={src} width={200} height={200} alt={`Check-in pass QR code for ${r.registration_number}`} className="pass-qr" />
      ) : (
        <div className="pass-qr" aria-hidden="true" style={{ width: 200, height: 200 }} />
      )}
      {/* the number is the page's heading; said once, it is found once */}
      <p>The registration number at the top of this page works at the desk too.</p>
      {send.isSuccess && <Alert kind="success">{send.data.message}</Alert>}
      {send.isError && <Alert kind="error">{errorMessage(send.error, 'The pass could not be sent. Please try again.')}</Alert>}
      <Button variant="secondary" busy={send.isPending} busyText="Sending..." onClick={() => send.mutate(r.id)}>
        {asAdmin ? 'Email check-in pass' : 'Email my pass'}
      </Button>
    </section>
  );
}
