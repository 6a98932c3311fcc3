/** Buttons and button-styled links with one look; 44 px tall for touch (docs/product.md#who-uses-it: phones). */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const cls = (variant: ButtonVariant, extra?: string) => ['btn', `btn-${variant}`, extra].filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** shows a spinner and `busyText` (e.g. 'Signing in...'), and disables the button */
  busy?: boolean;
  busyText?: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyText,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button {...rest} type={type} className={cls(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy && <Spinner size={16} label="" />}
      <span>{busy && busyText ? busyText : children}</span>
    </button>
  );
}

export function ButtonLink({ variant = 'primary', className, ...rest }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...rest} className={cls(variant, className)} />;
}
