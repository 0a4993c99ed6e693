// The back office's taxonomy endpoints (contract).
export {};
