export { DateField, FormDateField } from './DateField';
export { MoneyField } from './MoneyField';
export { NumberField, type NumberFieldProps } from './NumberField';
export { SelectField, type SelectFieldProps } from './SelectField';
