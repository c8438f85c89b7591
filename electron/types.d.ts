/** Vite-style raw imports (`./x.sql?raw`), bundled as text by esbuild and Vitest alike. */
declare module '*?raw' {
  const text: string;
  export default text;
}
