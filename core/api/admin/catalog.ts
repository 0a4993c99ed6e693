// The back office's catalog endpoints (contract).
export {};
