/** Classes of styles/device.css (in the entry's stylesheet): shown on a touch screen only, or where a mouse hovers. */
export const deviceClasses = { touchOnly: 'fp-touch-only', hoverOnly: 'fp-hover-only' } as const;
