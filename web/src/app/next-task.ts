/** Lets the browser handle a tap or paint a frame before the next piece of start-up work. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
