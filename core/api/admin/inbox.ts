// The back office's inbox endpoints (contract).
export {};
