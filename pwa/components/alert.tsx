/**
 * A message banner: errors are announced at once (role=alert), others politely (role=status). With `ref`,
 * it can take the focus (a screen whose pressed button went away moves the keyboard to its answer).
 */
import type { ReactNode, Ref } from 'react';

export type AlertKind = 'error' | 'success' | 'info' | 'warning';

export function Alert({
  kind = 'info',
  title,
  children,
  ref,
}: {
  kind?: AlertKind;
  title?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={ref ? -1 : undefined} className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert-title">{title}</p>}
      {children && <div>{children}</div>}
    </div>
  );
}
