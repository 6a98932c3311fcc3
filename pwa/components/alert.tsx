/** A message banner: errors are announced at once (role=alert), others politely (role=status). */
import type { ReactNode } from 'react';

export type AlertKind = 'error' | 'success' | 'info' | 'warning';

export function Alert({ kind = 'info', title, children }: { kind?: AlertKind; title?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert-title">{title}</p>}
      {children && <div>{children}</div>}
    </div>
  );
}
