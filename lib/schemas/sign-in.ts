import { z } from "zod";

export const SignInInputSchema = z.object({
  email: z.string().trim().min(1, { error: "Enter your e-mail address." }).max(320),
  password: z.string().min(1, { error: "Enter your password." }).max(200),
  callbackUrl: z.string().max(2048).optional(),
});

export type SignInInput = z.infer<typeof SignInInputSchema>;
