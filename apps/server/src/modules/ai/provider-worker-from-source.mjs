// The provider thread when the server runs from source (tests, benches): tsx loads the TypeScript.
import { register } from "tsx/esm/api";

register();
await import(new URL("./provider-worker.ts", import.meta.url).href);
