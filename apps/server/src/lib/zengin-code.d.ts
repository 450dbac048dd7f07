/** The npm package `zengin-code` ships no types: its one export is the data object (lib/zengin-banks.ts). */
declare module 'zengin-code' {
  const data: unknown;
  export default data;
}
