import { setTimeout as sleep } from "node:timers/promises";
import type { Hocuspocus } from "@hocuspocus/server";

/** How often a close looks again at documents still loading, storing or unloading. */
const RECHECK_MS = 50;

/**
 * Unloads every document of a Hocuspocus whose connections are closed, and waits for
 * those still loading, storing or unloading, for at most `boundMs`. A document that is
 * busy when asked (a store in progress) is asked again until it goes. Resolves with how
 * many documents are still loaded (0 once all are gone).
 */
export async function unloadAllDocuments(hocuspocus: Hocuspocus, boundMs: number): Promise<number> {
  const deadline = Date.now() + boundMs;
  const busy = () => hocuspocus.documents.size + hocuspocus.loadingDocuments.size + hocuspocus.unloadingDocuments.size > 0;
  while (busy() && Date.now() < deadline) {
    // An unload already under way is joined, not repeated; its hooks' failures are logged by Hocuspocus.
    for (const document of [...hocuspocus.documents.values()]) void hocuspocus.unloadDocument(document).catch(() => undefined);
    await sleep(RECHECK_MS);
  }
  return hocuspocus.documents.size;
}
