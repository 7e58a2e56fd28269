import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'quiet';
export type ButtonSize = 'md' | 'lg';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The class list of a button look, for elements that are not <Button> (a plain <a> outside the router). */
export function buttonClassName({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return ['button', `button--${variant}`, `button--${size}`, className].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonStyle & { children: ReactNode; ref?: Ref<HTMLButtonElement> };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, className })} {...props} />;
}

type ButtonLinkProps = LinkProps & ButtonStyle;

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...props} />;
}
