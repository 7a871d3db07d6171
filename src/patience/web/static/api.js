// Calls to the server. A failed connection is said plainly, and the page keeps trying
// until the server answers again; then `onBack` brings the page up to date.

import { _, format } from "./i18n.js";

const listeners = { lost: () => {}, back: () => {} };
let lost = false;

// `recover`: only for a saved game that no longer replays, the path that keeps the part
// that still does.
export class ApiError extends Error {
  constructor(message, status, recover = null) {
    super(message);
    this.status = status;
    this.recover = recover;
  }
}

export function onConnection(handlers) { Object.assign(listeners, handlers); }

async function retry() {
  for (let wait = 1000; lost; wait = Math.min(wait * 1.5, 8000)) {
    await new Promise((r) => setTimeout(r, wait));
    try {
      const r = await fetch("/api/games", { method: "HEAD", credentials: "same-origin" });
      if (r.status < 500) { lost = false; listeners.back(); }
    } catch { /* still away */ }
  }
}

export async function api(method, path, body, { signal } = {}) {
  const init = { method, credentials: "same-origin", headers: {}, signal };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let r;
  try {
    r = await fetch(path, init);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    if (!lost) { lost = true; listeners.lost(); retry(); }
    throw new ApiError(_("The connection to the server is lost; trying again…"), 0);
  }
  if (r.status === 204) return null;
  const data = await r.json().catch(() => ({ detail: `${r.status} ${r.statusText}` }));
  if (!r.ok) throw new ApiError(data.detail || format(_("error {status}"), { status: r.status }), r.status, data.recover || null);
  return data;
}

// Fire and forget, surviving the page being closed (the play clock).
export function beacon(path, body) {
  fetch(path, { method: "POST", credentials: "same-origin", keepalive: true,
                headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    .catch(() => null);
}
