import { z } from "zod";
import {
  detectors,
  parseNumberInput,
  type DetectorName,
  type DetectorThresholds,
  type NumberField,
  type DetectorInfo,
} from "./detection-fields";

export {
  detectionChanges,
  detectorNames,
  detectors,
  parseNumberInput,
  type DetectionDraft,
  type DetectionThresholds,
  type DetectorName,
  type DetectorThresholds,
} from "./detection-fields";

// The detection engine's thresholds of one environment (`GET/PUT /api/v1/policies/detection`).
// One table describes every field (label, unit, range) and both the form and the zod schema are
// built from it, so they cannot disagree; the ranges are the API's (detection-policies/routes.ts).

function numberSchema(field: NumberField) {
  const message = `Enter ${field.integer ? "a whole number" : "a number"} from ${field.min} to ${field.max}.`;
  let schema = z.number({ error: message }).min(field.min, { error: message }).max(field.max, { error: message });
  if (field.integer) schema = schema.int({ error: message });
  return schema;
}

function detectorSchema(info: DetectorInfo) {
  const shape: Record<string, z.ZodType> = { enabled: z.boolean() };
  for (const field of info.fields) shape[field.key] = numberSchema(field);
  return z.object(shape).strict();
}

/** Every detector with every field: what the console sends (the API keeps what differs from the defaults). */
export const DetectionThresholdsInputSchema = z.object(
  Object.fromEntries(detectors.map((info) => [info.name, detectorSchema(info)])) as unknown as Record<
    DetectorName,
    z.ZodType<DetectorThresholds>
  >,
);

function detectorFormSchema(info: DetectorInfo) {
  const shape: Record<string, z.ZodType> = { enabled: z.boolean() };
  for (const field of info.fields) shape[field.key] = z.string().transform(parseNumberInput).pipe(numberSchema(field));
  return z.object(shape);
}

/** The editor's form: the draft judged as the thresholds it stands for, each error on its field. */
export const DetectionFormSchema = z.object(
  Object.fromEntries(detectors.map((info) => [info.name, detectorFormSchema(info)])) as unknown as Record<
    DetectorName,
    z.ZodType<DetectorThresholds, Record<string, string | boolean>>
  >,
);

export const UpdateDetectionPolicyInputSchema = z.object({
  version: z.number().int().min(0),
  detectors: DetectionThresholdsInputSchema,
});
