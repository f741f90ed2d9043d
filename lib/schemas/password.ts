// Apart from analyst.ts (zod) so the add-analyst form can name it without loading zod.

/** The API's minimum (server/domain/analysts); checked here too so the form can say so first. */
export const MIN_PASSWORD_LENGTH = 10;
