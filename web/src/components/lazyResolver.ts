import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver that loads when first needed, and a way to start loading it earlier. */
export interface LazyResolver<Values extends FieldValues, Output> {
  resolver: Resolver<Values, unknown, Output>;
  /** Starts loading (the form calls it when a field gets the focus), so the first check does not wait. */
  preload: () => void;
}

/**
 * Wraps a resolver kept in a chunk of its own (the contract's zod schemas and zod itself), so a
 * form's screen draws without them and loads them when the person starts typing or submits
 * (issue 12). The checks and messages are the schema's own, unchanged.
 */
export function lazyResolver<Values extends FieldValues, Output>(
  load: () => Promise<Resolver<Values, unknown, Output>>,
): LazyResolver<Values, Output> {
  let loading: Promise<Resolver<Values, unknown, Output>> | null = null;
  const preload = () => {
    if (loading) return;
    loading = load();
    loading.catch(() => {
      // A failed download is tried again at the next check.
      loading = null;
    });
  };
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    preload();
    const resolve = await (loading as Promise<Resolver<Values, unknown, Output>>);
    return resolve(values, context, options);
  };
  return { resolver, preload };
}
