// The back office's content endpoints (contract).
export {};
