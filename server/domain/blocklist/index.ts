// What other domain areas may use of blocklist; they import it from here, never from its files.

export { feedBlocklist, withdrawFeed } from "./blocklist";
