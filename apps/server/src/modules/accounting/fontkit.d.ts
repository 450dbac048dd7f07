declare module 'fontkit' {
  const fontkit: unknown;
  export default fontkit;
}
