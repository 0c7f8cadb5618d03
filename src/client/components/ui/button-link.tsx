import { Link, type LinkProps } from 'react-router';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-styles.ts';

type Props = LinkProps & { variant?: ButtonVariant; size?: ButtonSize };

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, className, ...rest }: Props) {
  return (
    <Link
      className={buttonClass(variant, size, typeof className === 'string' ? className : '')}
      {...rest}
    />
  );
}
