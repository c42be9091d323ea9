/**
 * A form whose submission is a chart's event: the browser's own submission and validation bubbles are off (the
 * chart checks and shows messages at their fields), and Enter in a field submits as usual.
 */
import type { FormHTMLAttributes } from 'react';

export type ChartFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & { onSubmit: () => void };

export function ChartForm({ onSubmit, ...rest }: ChartFormProps) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}
