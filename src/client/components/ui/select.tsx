import type { Ref, SelectHTMLAttributes } from 'react';
import { fieldClass } from './input.tsx';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({ invalid, className, ...rest }: Props) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={fieldClass(invalid, className)}
      {...rest}
    />
  );
}
