// Every dismissible modal registers its close function here, so the layout can dismiss all
// open modals after a navigation (spec section 2) without knowing which ones exist.
type Close = () => void;

const open = new Set<Close>();

/** Registers an open modal; returns the unregister function. */
export function registerOpenModal(close: Close): () => void {
  open.add(close);
  return () => {
    open.delete(close);
  };
}

export function closeAllModals(): void {
  for (const close of [...open]) close();
}
