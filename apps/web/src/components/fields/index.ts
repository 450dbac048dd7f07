export { DateField, FormDateField } from './DateField';
export { MoneyField } from './MoneyField';
export { SelectField, type SelectFieldProps } from './SelectField';
