/** Presentational form pieces and the form pattern (messages at their fields, focus on request) every form shares. */
export { Button, type ButtonProps } from './Button.tsx';
export { ChartForm, type ChartFormProps } from './ChartForm.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox.tsx';
export { Field, type FieldControlProps, type FieldProps } from './Field.tsx';
export { FieldError } from './FieldError.tsx';
export { ProgressBar, type ProgressBarProps } from './ProgressBar.tsx';
export { RadioCards, type RadioCardOption, type RadioCardsProps } from './RadioCards.tsx';
export { Select, type SelectOption, type SelectProps } from './Select.tsx';
export { TextInput, type TextInputProps } from './TextInput.tsx';
export { useFieldFocus } from './use-field-focus.ts';
