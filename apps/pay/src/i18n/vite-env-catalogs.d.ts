// The pseudo-locale's catalog: en.json compiled as accented, longer English (message-catalogs.ts).
declare module '*.json?pseudo' {
  const catalog: unknown;
  export default catalog;
}
