declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes an event to the tag manager's data layer (spec 7: login, purchases, organisationCreated, ...). */
export function track(event: string, data: Record<string, unknown> = {}) {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data });
}

export const tagManagerScriptUrl = (containerId: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;

function appendScript(doc: Document, src: string, id: string, onError: () => void) {
  if (doc.getElementById(id)) return;
  const script = doc.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  // Spec 8: a failed tag-manager injection is only logged; the portal works without it.
  script.addEventListener('error', onError);
  doc.head.appendChild(script);
}

/** The tag manager's standard start: a `gtm.js` event on the data layer, then its script, once. */
export function loadTagManager(containerId: string, doc: Document = document) {
  if (doc.getElementById('tag-manager')) return;
  track('gtm.js', { 'gtm.start': Date.now() });
  appendScript(doc, tagManagerScriptUrl(containerId), 'tag-manager', () =>
    console.warn(`The tag manager (${containerId}) could not be loaded`),
  );
}

/** The web-analytics script (ANALYTICS_SCRIPT_URL on the server), once. */
export function loadAnalyticsScript(src: string, doc: Document = document) {
  appendScript(doc, src, 'web-analytics', () => console.warn(`The analytics script ${src} could not be loaded`));
}
