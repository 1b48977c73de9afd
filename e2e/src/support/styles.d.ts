// The suite reads texts from the packages' sources (titles, labels); those modules sit
// next to pages that import CSS Modules, which the type checker must accept.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
