/** Small presentational form pieces shared by the registration and login pages. */
export { Button, type ButtonProps } from './Button.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox.tsx';
export { Field, type FieldControlProps, type FieldProps } from './Field.tsx';
export { ProgressBar, type ProgressBarProps } from './ProgressBar.tsx';
export { RadioCards, type RadioCardOption, type RadioCardsProps } from './RadioCards.tsx';
export { Select, type SelectOption, type SelectProps } from './Select.tsx';
export { TextInput, type TextInputProps } from './TextInput.tsx';
