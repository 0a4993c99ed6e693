// The back office's customers endpoints (contract).
export {};
