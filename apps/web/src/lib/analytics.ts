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
