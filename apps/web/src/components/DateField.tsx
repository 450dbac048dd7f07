/** The date field's home is components/fields; this path stays for the list filters that import it here. */
export { DateField } from './fields/DateField';
