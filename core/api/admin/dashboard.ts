// The back office's dashboard endpoints (contract).
export {};
