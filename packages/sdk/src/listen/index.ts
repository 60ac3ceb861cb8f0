// `@paysplit/sdk/listen`: what `npx paysplit listen` runs, as a function. Kept out of the package's
// main entry so that importing the SDK never loads a WebSocket library.
export { listen } from './listen.js';
export type { ListenEnd, ListenOptions, Listening } from './listen.js';
export { localUrlOf } from './forward.js';
export type { ForwardedCall, ForwardTargets } from './forward.js';
