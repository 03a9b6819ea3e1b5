// Files webpack emits as assets (asset/resource) import as their public URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
