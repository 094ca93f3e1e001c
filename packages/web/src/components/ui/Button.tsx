import { forwardRef, useState, type ButtonHTMLAttributes } from 'react';
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

/**
 * A button. One that is disabled while it has focus (its request running, say, or a form's Save once
 * saved) stays focusable until focus leaves it, disabled through `aria-disabled` and ignoring clicks:
 * a natively disabled button drops focus to the page's start, and a keyboard or screen-reader user
 * with it.
 */
export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    block = false,
    className,
    type = 'button',
    disabled = false,
    onClick,
    onFocus,
    onBlur,
    ...rest
  },
  ref,
) {
  const [focused, setFocused] = useState(false);
  return (
    <button
      ref={ref}
      type={type}
      className={`${buttonClass(variant, size, block)} ${className ?? ''}`}
      disabled={disabled && !focused}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) event.preventDefault();
        else onClick?.(event);
      }}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
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
