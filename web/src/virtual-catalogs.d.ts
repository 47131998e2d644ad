/** The catalogs compiled at build time (vite-catalogs.ts): `virtual:catalog/<language>/<part>`. */
declare module "virtual:catalog/*" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
