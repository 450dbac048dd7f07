/** The totals block of 受注取引 is the shared one of the lines editor. */
export { TotalsBox } from '../../components/lines-editor/TotalsBox';
