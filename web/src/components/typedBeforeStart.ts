// A prerendered page (app/prerender.tsx, app/prerendered.ts) shows its form before the app runs.
/**
 * What the person typed into a prerendered page's field `name` before the app started, or null.
 * A form of a prerendered page reads it into its first state while React hydrates it, so that
 * nothing typed meanwhile is lost (hydration sets each field to the state's value).
 */
export function typedBeforeStart(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const field = document.querySelector<HTMLInputElement>(
    `#root[data-prerendered-path] input[name="${CSS.escape(name)}"]`,
  );
  // A field the app already draws keeps its value attribute in step with its value.
  return field && field.value !== field.defaultValue ? field.value : null;
}
