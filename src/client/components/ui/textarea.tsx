import type { Ref, TextareaHTMLAttributes } from 'react';
import { fieldClass } from './input.tsx';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({ invalid, className, ...rest }: Props) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={fieldClass(invalid, className)}
      {...rest}
    />
  );
}
