/** The catalogs compiled at build time (vite-catalogs.ts): `virtual:catalog/en`, `virtual:catalog/mr`. */
declare module "virtual:catalog/*" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
