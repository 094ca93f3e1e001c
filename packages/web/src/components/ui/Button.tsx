import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link } from 'wouter';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
}

export function buttonClass(
  variant: ButtonVariant = 'secondary',
  size: 'sm' | 'md' = 'md',
  block = false,
): string {
  return [styles.button, styles[variant], size === 'sm' ? styles.sm : '', block ? styles.block : ''].join(
    ' ',
  );
}

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant = 'secondary', size = 'md', block = false, className, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`${buttonClass(variant, size, block)} ${className ?? ''}`}
      {...rest}
    />
  );
});

/** An in-app link that looks like a button. */
export function ButtonLink({
  href,
  variant = 'secondary',
  size = 'md',
  children,
  ...rest
}: { href: string; variant?: ButtonVariant; size?: 'sm' | 'md'; children: React.ReactNode } & Omit<
  React.AnchorHTMLAttributes<HTMLAnchorElement>,
  'href'
>) {
  return (
    <Link href={href} className={buttonClass(variant, size)} {...rest}>
      {children}
    </Link>
  );
}
