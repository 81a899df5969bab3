// The hook through which an opt-in response validator sees every successful
// payload (see `@tallyport/client/response-validation`).
export type ResponseValidator = (operationId: string, payload: unknown) => void;
