/** What vite-startup-patches.ts adds to Chakra's entry: createSystem as a generator, one step per `next()`. */
declare module "@chakra-ui/react" {
  export function createSystemInSteps(
    ...configs: import("@chakra-ui/react").SystemConfig[]
  ): Generator<void, import("@chakra-ui/react").SystemContext, void>;
}

export {};
