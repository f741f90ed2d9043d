import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

// A react-hook-form resolver that imports its zod schema (and zod, ~31 kB gzip) on the first
// validation, not with the page: forms on screen at first paint stay inside issue 32's 250 kB.
// react-hook-form awaits resolvers, so the form behaves as with zodResolver, one import later.
//
//   useForm<Input>({ resolver: lazyZodResolver(() => import("@/lib/schemas/x").then((m) => m.XSchema)) })

type AnyResolver = (values: FieldValues, context: unknown, options: unknown) => Promise<unknown>;

export function lazyZodResolver<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>(
  loadSchema: () => Promise<ZodType>,
): Resolver<TValues, TContext, TTransformed> {
  let loading: Promise<AnyResolver> | null = null;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as AnyResolver,
    );
    // A failed chunk load (offline for a moment) is tried again on the next validation.
    loading.catch(() => (loading = null));
    return loading;
  };
  const resolver: AnyResolver = async (values, context, options) => (await load())(values, context, options);
  return resolver as unknown as Resolver<TValues, TContext, TTransformed>;
}
