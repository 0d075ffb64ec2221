import type { ButtonHTMLAttributes, Ref } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  variant?: Variant;
  /** Shown while an action runs. */
  busy?: boolean;
  /**
   * Looks and acts disabled but keeps focus (aria-disabled): a Save button that greys out after
   * saving must not drop keyboard focus to the top of the page.
   */
  unavailable?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'secondary', busy = false, unavailable = false, type = 'button', className, onClick, children, ...rest }: ButtonProps) {
  const blocked = busy || unavailable;
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      aria-disabled={blocked || undefined}
      aria-busy={busy || undefined}
      onClick={blocked ? (event) => event.preventDefault() : onClick}
    >
      {children}
    </button>
  );
}
