// The back office's orders endpoints (contract).
export {};
