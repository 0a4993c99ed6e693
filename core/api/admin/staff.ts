// The back office's staff endpoints (contract).
export {};
