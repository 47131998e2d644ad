// What web/e2e/global-setup.ts provides to the suites it starts the shop for (the e2e project runs this suite too).
declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
    mongoUrl: string;
    catalogueDb: string;
    identityDb: string;
    ordersDb: string;
    shopEmail: string;
  }
}

export {};
