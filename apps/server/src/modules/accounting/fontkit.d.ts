declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
