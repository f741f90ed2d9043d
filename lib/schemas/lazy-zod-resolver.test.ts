import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "./lazy-zod-resolver";

const Schema = z.object({ name: z.string().trim().min(1, "Enter a name.") });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("loads the schema on the first validation only, then judges as zodResolver does", async () => {
    const load = vi.fn(async () => Schema);
    const resolver = lazyZodResolver<{ name: string }>(load);
    expect(load).not.toHaveBeenCalled();

    const bad = await resolver({ name: " " }, undefined, options);
    expect(bad.errors.name?.message).toBe("Enter a name.");
    const good = await resolver({ name: " Ada " }, undefined, options);
    expect(good.values).toEqual({ name: "Ada" });
    expect(good.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries the import again after a failed load", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("chunk failed")).mockResolvedValue(Schema);
    const resolver = lazyZodResolver<{ name: string }>(load);
    await expect(resolver({ name: "x" }, undefined, options)).rejects.toThrow("chunk failed");
    expect((await resolver({ name: "x" }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
