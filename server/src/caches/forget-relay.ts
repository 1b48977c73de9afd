// Forgetting a remembered answer in every process of a cluster. Each process-wide cache
// (sessions, operators, user/info, wallets, placement's checks) registers here how it forgets
// one entry, under its name, and forgets through `forgetEverywhere`: in this process at once,
// and through the relay, which main.ts connects to the cluster bus (cluster/cache-forgets.ts),
// in every other process a moment later. With one process (npm start) there is no relay and a
// forget is the local call it always was.
type Forgetter = (key: string) => void;

const forgetters = new Map<string, Forgetter>();
let relay: ((name: string, key: string) => void) | null = null;

/** How the cache named `name` forgets the entry `key` in this process. */
export function registerForgetter(name: string, forget: Forgetter): void {
  forgetters.set(name, forget);
}

/** Forgets here, and in every other process of a cluster once the relay is connected. */
export function forgetEverywhere(name: string, key: string): void {
  forgetters.get(name)?.(key);
  relay?.(name, key);
}

/** What another process forgot: forgotten here, not relayed again. An unknown name is another build's cache. */
export function forgetHere(name: string, key: string): void {
  forgetters.get(name)?.(key);
}

/** Connects (or, with null, disconnects) the relay to the other processes. */
export function relayForgets(to: ((name: string, key: string) => void) | null): void {
  relay = to;
}
