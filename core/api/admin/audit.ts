// The back office's audit endpoints (contract).
export {};
