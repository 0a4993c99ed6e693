// The back office's settings endpoints (contract).
export {};
