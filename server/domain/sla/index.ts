// What other domain areas may use of SLAs; they import it from here, never from its files.

export {
  DEFAULT_DUE_SECONDS,
  replaceSlaPolicy,
  serializeSlaPolicy,
  slaPolicyRow,
  type SlaPolicyInput,
  type SlaPolicyResource,
} from "./policy";
