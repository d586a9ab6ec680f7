import toast from "react-hot-toast";
import { SESSION_REQUIRED_STATUS } from "@coderoom/shared/error-codes";
import { toastMessages } from "@coderoom/shared/messages";

/** An API failure: the server's status, stable code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Called on every 455 answer; the auth store uses it to force a logout. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  /** Loading toast text of spec §7; when set, a success toast shows the server's message. */
  loading?: string;
  /** Show the error toast (default true; spec §8 lists calls whose failures are only logged). */
  toastError?: boolean;
  /** Show the server's message as a success toast (default: when `loading` is set). */
  toastSuccess?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls `/api/v1{path}` with cookies and unwraps the envelope. Shows the loading
 * toast, then the server's message as success or error (spec §7, §8); a 455 also
 * forces a logout.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const toastId = opts.loading ? toast.loading(opts.loading) : undefined;
  // The outcome toast replaces the loading toast in place (same id), or stands alone.
  const finish = (kind: "success" | "error", message: string, show: boolean) => {
    if (show && message) toast[kind](message, { id: toastId });
    else if (toastId) toast.dismiss(toastId);
  };
  const isForm = opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method: opts.method ?? "GET",
      credentials: "include",
      headers: opts.body !== undefined && !isForm ? { "content-type": "application/json" } : undefined,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") {
      finish("error", "", false);
      throw err;
    }
    finish("error", toastMessages.unexpectedError, opts.toastError !== false);
    throw new ApiError(0, "network_error", toastMessages.unexpectedError);
  }
  const body = (await res.json().catch(() => null)) as (Envelope<T> & { code?: string }) | null;
  if (!res.ok || !body || body.success === false) {
    const message = body?.message || toastMessages.genericError;
    if (res.status === SESSION_REQUIRED_STATUS) sessionExpiredListeners.forEach((l) => l());
    finish("error", message, opts.toastError !== false);
    throw new ApiError(res.status, body?.code ?? "unknown", message);
  }
  finish("success", body.message, opts.toastSuccess ?? Boolean(opts.loading));
  return body;
}
